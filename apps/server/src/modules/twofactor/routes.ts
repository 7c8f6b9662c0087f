import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

export async function twoFactorRoutes(app: FastifyInstance) {
  const { twoFactor } = app.services;
  registerCalls(app, CALLS.twoFactor, {
    status: ({ actor }) => twoFactor.status(actor),
    setup: ({ actor }) => twoFactor.setup(actor),
    enable: ({ actor, body }) => twoFactor.enable(actor, body.code),
    disable: async ({ actor, body }) => {
      await twoFactor.disable(actor, body);
      return null;
    },
    regenerateRecovery: ({ actor, body }) => twoFactor.regenerateRecovery(actor, body),
    reset: async ({ actor, hotelId, body }) => {
      await twoFactor.reset(actor, hotelId, body);
      return null;
    },
  });
}
