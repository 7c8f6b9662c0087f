import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, SiteInfo } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { read } from '../../access.js';
import { ok } from '../../envelope.js';

export async function siteRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { site } = app.services;
  api.get(
    '/site',
    {
      config: read('public'),
      schema: {
        tags: ['site'],
        summary: 'Product, version and footer settings',
        response: { 200: EnvelopeSchema(SiteInfo) },
      },
    },
    async () => ok(site.info()),
  );
}
