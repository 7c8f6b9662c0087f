import { CALLS, ErrorCode } from '@roompilot/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerCalls } from '../../calls.js';
import { AppError } from '../../errors.js';

/** A broker's HTTP authentication: the verdict as EMQX reads it, or the envelope of a refusal. */
export async function brokerRoutes(app: FastifyInstance) {
  const { broker } = app.services;
  const answer = async (reply: FastifyReply, verdict: () => Promise<unknown>) => {
    reply.header('cache-control', 'no-store');
    try {
      return reply.send(await verdict());
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.tooManyRequests) {
        reply.header('retry-after', String(error.params.seconds ?? 1));
      }
      throw error;
    }
  };
  registerCalls(app, CALLS.broker, {
    mqttAuth: ({ request, reply, body }) => answer(reply, () => broker.auth(request.headers.authorization, body)),
    mqttAcl: ({ request, reply, body }) => answer(reply, () => broker.acl(request.headers.authorization, body)),
  });
}
