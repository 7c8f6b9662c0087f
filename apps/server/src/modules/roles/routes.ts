import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EnvelopeSchema,
  PageSchema,
  Role,
  RoleAddBody,
  RoleDeleteBody,
  RoleListBody,
  RoleUpdateBody,
} from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { actorOf, read, write } from '../../access.js';
import { ok } from '../../envelope.js';

export async function roleRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { roles } = app.services;
  const tags = ['roles'];

  api.post(
    '/rolelist',
    {
      config: read('pm_user', { body: () => ({ current: 1, size: 500 }) }),
      schema: {
        tags,
        summary: "A page of the hotel's roles",
        body: RoleListBody,
        response: { 200: EnvelopeSchema(PageSchema(Role)) },
      },
    },
    async (request) => ok(await roles.list(actorOf(request), request.body)),
  );

  api.post(
    '/roleadd',
    {
      config: write('pm_user', { body: () => ({ name: 'walk role', perms: ['pm_dashboard'] }) }),
      schema: { tags, summary: 'Add a role', body: RoleAddBody, response: { 200: EnvelopeSchema(Role) } },
    },
    async (request) => ok(await roles.add(actorOf(request), request.body)),
  );

  api.put(
    '/roleupdate',
    {
      config: write('pm_user', { body: (ids) => ({ id: ids.role_id, name: 'taken over', perms: ['*'] }) }),
      schema: {
        tags,
        summary: 'Rename a role or change its perms; its users see the change at their next call',
        body: RoleUpdateBody,
        response: { 200: EnvelopeSchema(Role) },
      },
    },
    async (request) => ok(await roles.update(actorOf(request), request.body)),
  );

  api.post(
    '/roledel',
    {
      config: write('pm_user', { body: (ids) => ({ id: ids.unused_role_id }) }),
      schema: {
        tags,
        summary: 'Delete a role; refused (4409) while users hold it',
        body: RoleDeleteBody,
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => ok(await roles.remove(actorOf(request), request.body)),
  );
}
