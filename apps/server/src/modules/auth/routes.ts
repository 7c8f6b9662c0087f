import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;
  registerCalls(app, CALLS.auth, {
    login: ({ body, request }) => auth.login({ userName: body.user_name, password: body.password, ip: request.ip }),
    loginCode: ({ body, request }) => auth.loginCode({ challenge: body.challenge, code: body.code, ip: request.ip }),
    loginEnrolSetup: ({ body }) => auth.loginEnrolSetup({ challenge: body.challenge }),
    loginEnrolEnable: ({ body, request }) =>
      auth.loginEnrolEnable({ challenge: body.challenge, code: body.code, ip: request.ip }),
    logout: async ({ actor }) => {
      await auth.logout(actor);
      return null;
    },
    userInfo: ({ actor }) => auth.userInfo(actor),
    changePassword: async ({ actor, body }) => {
      await auth.changePassword(actor, body);
      return null;
    },
  });
}
