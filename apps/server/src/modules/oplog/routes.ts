import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, OplogEntry, OplogQueryBody, PageSchema } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf, read } from '../../access.js';
import { ok } from '../../envelope.js';

export async function oplogRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { oplog } = app.services;

  api.post(
    '/oplog/query',
    {
      config: read('pm_logstatistics', { body: () => ({ current: 1, size: 500 }) }),
      schema: {
        tags: ['oplog'],
        summary: "A page of the hotel's operation log, newest first",
        body: OplogQueryBody,
        response: { 200: EnvelopeSchema(PageSchema(OplogEntry)) },
      },
    },
    async (request) => ok(await oplog.query(actorOf(request), request.body)),
  );
}
