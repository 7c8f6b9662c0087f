import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Building,
  BuildingAddBody,
  BuildingDeleteBody,
  BuildingListBody,
  BuildingUpdateBody,
  EnvelopeSchema,
  PageSchema,
} from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { actorOf, read, write } from '../../access.js';
import { ok } from '../../envelope.js';

/** Buildings of a hotel: the Room screen's "Buildings" tab, so pm_roomdetail. */
export async function buildingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { buildings } = app.services;
  const tags = ['buildings'];

  api.post(
    '/buildinglist',
    {
      config: read('pm_roomdetail', { body: () => ({ current: 1, size: 500 }) }),
      schema: {
        tags,
        summary: "A page of the hotel's buildings",
        description: 'Each building carries its floor range and room count.',
        body: BuildingListBody,
        response: { 200: EnvelopeSchema(PageSchema(Building)) },
      },
    },
    async (request) => ok(await buildings.list(actorOf(request), request.body)),
  );

  api.post(
    '/buildingadd',
    {
      config: write('pm_roomdetail', { body: () => ({ name: 'walk building', floor_from: 1, floor_to: 3 }) }),
      schema: {
        tags,
        summary: 'Add a building',
        description: 'Floors -5..200, floor_from ≤ floor_to. Names are unique within the hotel (4409).',
        body: BuildingAddBody,
        response: { 200: EnvelopeSchema(Building) },
      },
    },
    async (request) => ok(await buildings.add(actorOf(request), request.body)),
  );

  api.put(
    '/buildingupdate',
    {
      config: write('pm_roomdetail', { body: (ids) => ({ id: ids.building_id, name: 'taken over' }) }),
      schema: {
        tags,
        summary: 'Rename a building or change its floor range',
        description: 'A new floor range may not leave out floors that have rooms (4409).',
        body: BuildingUpdateBody,
        response: { 200: EnvelopeSchema(Building) },
      },
    },
    async (request) => ok(await buildings.update(actorOf(request), request.body)),
  );

  api.post(
    '/buildingdel',
    {
      config: write('pm_roomdetail', { body: (ids) => ({ id: ids.empty_building_id }) }),
      schema: {
        tags,
        summary: 'Delete a building; refused (4409) while it has rooms',
        body: BuildingDeleteBody,
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => ok(await buildings.remove(actorOf(request), request.body)),
  );
}
