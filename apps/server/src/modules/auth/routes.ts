import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, ErrorEnvelopeSchema, LoginBody, LoginData, PasswordBody, UserInfo } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { actorOf, read, write } from '../../access.js';
import { ok } from '../../envelope.js';

const Done = EnvelopeSchema(Type.Null());

export async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { auth } = app.services;

  api.post(
    '/login',
    {
      config: write('public'),
      schema: {
        tags: ['auth'],
        summary: 'Log in; answers the bearer token',
        body: LoginBody,
        response: { 200: EnvelopeSchema(LoginData), '4xx': ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await auth.login({ userName: request.body.user_name, password: request.body.password, ip: request.ip })),
  );

  api.post(
    '/logout',
    {
      config: write('session', { endsSession: true }),
      schema: { tags: ['auth'], summary: 'End this session', response: { 200: Done } },
    },
    async (request) => {
      await auth.logout(actorOf(request));
      return ok(null);
    },
  );

  api.post(
    '/userinfo',
    {
      config: read('session'),
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, its hotel and permissions',
        response: { 200: EnvelopeSchema(UserInfo) },
      },
    },
    async (request) => ok(await auth.userInfo(actorOf(request))),
  );

  api.post(
    '/pwd',
    {
      config: write('session'),
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password; every session of the user ends",
        body: PasswordBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      await auth.changePassword(actorOf(request), request.body);
      return ok(null);
    },
  );
}
