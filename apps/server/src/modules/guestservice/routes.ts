import { CALLS, ErrorCode } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';
import { AppError } from '../../errors.js';

/** Whether an If-None-Match header names the ETag (a list, weak tags or `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export async function guestServiceRoutes(app: FastifyInstance) {
  const { guestservice } = app.services;
  registerCalls(app, CALLS.guestservice, {
    goodsList: ({ hotelId, body }) => guestservice.goodsList(hotelId, body),
    goodsAdd: ({ actor, hotelId, body }) => guestservice.goodsAdd(actor, hotelId, body),
    goodsUpdate: ({ actor, hotelId, body }) => guestservice.goodsUpdate(actor, hotelId, body),
    goodsRemove: ({ actor, hotelId, body }) => guestservice.goodsRemove(actor, hotelId, body),
    questionList: ({ hotelId, body }) => guestservice.questionList(hotelId, body),
    questionAdd: ({ actor, hotelId, body }) => guestservice.questionAdd(actor, hotelId, body),
    questionUpdate: ({ actor, hotelId, body }) => guestservice.questionUpdate(actor, hotelId, body),
    questionRemove: ({ actor, hotelId, body }) => guestservice.questionRemove(actor, hotelId, body),
    welcome: ({ hotelId }) => guestservice.welcome(hotelId),
    welcomeUpdate: ({ actor, hotelId, body }) => guestservice.welcomeUpdate(actor, hotelId, body),
    // A TV polls: an unchanged answer is 304 without a body (Fastify leaves the body out of a 304).
    guestInfo: async ({ request, reply }) => {
      reply.header('cache-control', 'no-cache');
      try {
        const { info, etag } = await guestservice.guestInfo(request.headers.authorization, request.ip);
        reply.header('etag', etag);
        if (matchesEtag(request.headers['if-none-match'], etag)) reply.code(304);
        return info;
      } catch (error) {
        if (error instanceof AppError && error.code === ErrorCode.unauthenticated) {
          reply.header('www-authenticate', 'Basic realm="RoomPilot guest info", charset="UTF-8"');
        }
        if (error instanceof AppError && error.code === ErrorCode.tooManyRequests) {
          reply.header('retry-after', String(error.params.seconds ?? 1));
        }
        throw error;
      }
    },
  });
}
