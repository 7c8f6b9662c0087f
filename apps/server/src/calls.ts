import {
  API_BASE,
  type BodyOf,
  type Call,
  type CallGroup,
  type DataOf,
  EnvelopeSchema,
  ErrorEnvelopeSchema,
  type QueryOf,
} from '@roompilot/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Actor } from './access.js';
import { ok } from './envelope.js';

/** A file a call answers with (an export, a template). */
export interface SentFile {
  contentType: string;
  filename: string;
  body: string | Buffer;
}

/** What a handler gets: the caller, the resolved hotel, the checked body and query. */
export interface CallInput<C extends Call> {
  /** The signed-in caller; null only on a `public` call. */
  actor: C['access'] extends 'public' ? Actor | null : Actor;
  /**
   * The hotel a hotel-scoped call acts on, resolved once by the access hook (plugins/access.ts).
   * An upload's form is read by the handler, which resolves its hotel with `request.resolveHotel`.
   */
  hotelId: C['takes'] extends 'multipart'
    ? never
    : C['hotelScoped'] extends true
      ? number
      : C['hotelScoped'] extends 'optional'
        ? number | null
        : never;
  body: BodyOf<C>;
  query: QueryOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A call's answer: its envelope's data, the file it sends, or the reply it answered through itself. */
export type AnswerOf<C extends Call> = C['answers'] extends 'file'
  ? SentFile
  : C['answers'] extends 'stream'
    ? FastifyReply
    : DataOf<C>;

export type Handler<C extends Call> = (input: CallInput<C>) => Promise<AnswerOf<C>> | AnswerOf<C>;

/** A handler for each call of a group; a socket call is registered by hand (`socketRoute`). */
export type Handlers<Calls extends Record<string, Call>> = {
  [Name in keyof Calls as Calls[Name] extends { answers: 'socket' } ? never : Name]: Handler<Calls[Name]>;
};

/**
 * The OpenAPI schema of a call, as Fastify validates and documents it. The login documents its
 * error envelope: it is the one call an outside tool makes before it has a token.
 */
function schemaOf(domain: string, call: Call): FastifySchema {
  return {
    tags: [domain],
    summary: call.summary,
    ...(call.description !== undefined && { description: call.description }),
    ...(call.body && { body: call.body }),
    ...(call.query && { querystring: call.query }),
    ...(call.takes === 'multipart' && { consumes: ['multipart/form-data'] }),
    ...(call.response && {
      response: {
        // A call answering through the reply itself with a schema (a broker's HTTP authentication)
        // answers that object as it is, not in the envelope.
        200: call.answers === 'stream' ? call.response : EnvelopeSchema(call.response),
        ...(call.access === 'public' && call.write && { '4xx': ErrorEnvelopeSchema }),
      },
    }),
  };
}

function send(reply: FastifyReply, file: SentFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/**
 * Registers a domain's calls from the contract's table (the app is mounted at /apis): the path,
 * method, schemas, access and hotel scope all come from the call; the handler only calls its
 * service. A call of the group without a handler does not type-check.
 */
export function registerCalls<Calls extends Record<string, Call>>(
  app: FastifyInstance,
  group: CallGroup<Calls>,
  handlers: Handlers<Calls>,
): void {
  for (const [name, call] of Object.entries(group.calls) as [keyof Calls & string, Call][]) {
    if (call.answers === 'socket') continue;
    const handler = (handlers as Record<string, Handler<Call>>)[name] as Handler<Call>;
    app.route({
      method: call.method,
      url: call.path,
      // An upload's hotel is resolved by its handler, once the form is read.
      config: {
        access: call.access,
        write: call.write,
        hotelScoped: call.takes === 'multipart' ? false : call.hotelScoped,
        call: `${group.domain}.${name}`,
      },
      schema: schemaOf(group.domain, call),
      // A call that writes its own bytes (an upgrade file) sends them as they are: a range is an
      // offset into the file itself, and firmware gains nothing from brotli but the server's CPU.
      ...(call.answers === 'stream' && { compress: false as const }),
      // A call sent without a body is checked as `{}`: a body of optional fields may be left out
      // (SPEC.md's console polls the open alerts with no payload); required fields still give 4400.
      ...(call.body && {
        preValidation: async (request: FastifyRequest) => {
          request.body ??= {};
        },
      }),
      handler: async (request, reply) => {
        const answer = await handler({
          actor: request.actor as Actor,
          hotelId: request.hotelId as never,
          body: request.body as never,
          query: request.query as never,
          request,
          reply,
        });
        if (call.answers === 'stream') return answer;
        return call.answers === 'file' ? send(reply, answer as unknown as SentFile) : ok(answer);
      },
    });
  }
}

/**
 * The route of a socket call of the table (the live push), for the caller to register with its
 * WebSocket handler: the path, method, access and OpenAPI schema come from the call.
 */
export function socketRoute<Calls extends Record<string, Call>>(group: CallGroup<Calls>, name: keyof Calls & string) {
  const call = group.calls[name] as Call;
  if (call.answers !== 'socket') throw new Error(`${group.domain}.${name} is not a socket call`);
  return {
    method: call.method,
    url: call.path,
    config: { access: call.access, write: call.write, call: `${group.domain}.${name}` },
    schema: schemaOf(group.domain, call),
  };
}

/** Every call of the table: its group and full URL (the access plugin checks each is registered once). */
export function tableRoutes(groups: readonly CallGroup[]): { method: string; url: string; call: Call }[] {
  return groups.flatMap((group) =>
    Object.values(group.calls).map((call) => ({ method: call.method, url: `${API_BASE}${call.path}`, call })),
  );
}
