import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

export async function siteRoutes(app: FastifyInstance) {
  const { site } = app.services;
  registerCalls(app, CALLS.site, {
    info: () => site.info(),
  });
}
