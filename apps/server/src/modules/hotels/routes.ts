import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EnvelopeSchema,
  Hotel,
  HotelAddBody,
  HotelDeleteBody,
  HotelListBody,
  HotelUpdateBody,
  ID_MAX,
  PageSchema,
  Validity,
  ValidityListBody,
  ValidityUpdateBody,
} from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { actorOf, read, write } from '../../access.js';
import { ok } from '../../envelope.js';

/** Hotels and their validity periods: the platform Administrator's calls (pm_hotel, pm_validdate). */
export async function hotelRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { hotels } = app.services;
  const tags = ['hotels'];

  api.post(
    '/hotellist',
    {
      config: read('admin'),
      schema: {
        tags,
        summary: 'A page of hotels (Administrator)',
        description:
          '`keyword` matches the hotel name, province or city. Each hotel carries its room count and days left.',
        body: HotelListBody,
        response: { 200: EnvelopeSchema(PageSchema(Hotel)) },
      },
    },
    async (request) => ok(await hotels.list(request.body)),
  );

  api.post(
    '/hoteladd',
    {
      config: write('admin'),
      schema: {
        tags,
        summary: 'Add a hotel (Administrator)',
        description:
          "The hotel gets the preset roles (nobody, waiter, guest, manager, worker); `manager` creates its first user holding the 'manager' role. Hotel names and user names are unique (4409).",
        body: HotelAddBody,
        response: { 200: EnvelopeSchema(Hotel) },
      },
    },
    async (request) => ok(await hotels.add(actorOf(request), request.body)),
  );

  api.put(
    '/hotelupdate',
    {
      config: write('admin', { body: (ids) => ({ hotel_id: ids.spare_hotel_id }) }),
      schema: {
        tags,
        summary: "Change a hotel's fields (Administrator)",
        body: HotelUpdateBody,
        response: { 200: EnvelopeSchema(Hotel) },
      },
    },
    async (request) => ok(await hotels.update(actorOf(request), request.body)),
  );

  api.post(
    '/hoteldel',
    {
      config: write('admin', { body: () => ({ hotel_id: ID_MAX }) }),
      schema: {
        tags,
        summary: 'Delete a hotel (Administrator)',
        description:
          'Refused (4409) while the hotel has rooms, unless `force`: then its rooms, room types, buildings, users, roles and sessions are deleted in one transaction. The operation log keeps its rows.',
        body: HotelDeleteBody,
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => ok(await hotels.remove(actorOf(request), request.body)),
  );

  api.post(
    '/validdatelist',
    {
      config: read('admin'),
      schema: {
        tags,
        summary: "A page of hotels' validity periods (Administrator)",
        description:
          'Ordered by validdate, soonest first. `expiring` keeps hotels whose service ends within 30 days (VALIDITY_WARN_DAYS) or has ended.',
        body: ValidityListBody,
        response: { 200: EnvelopeSchema(PageSchema(Validity)) },
      },
    },
    async (request) => ok(await hotels.validityList(request.body)),
  );

  api.put(
    '/validdateupdate',
    {
      config: write('admin', { body: (ids) => ({ hotel_id: ids.spare_hotel_id, validdate: '2999-12-31' }) }),
      schema: {
        tags,
        summary: "Set a hotel's validity date (Administrator)",
        description: "After this date the hotel's users are refused with 4410 at login and on every call.",
        body: ValidityUpdateBody,
        response: { 200: EnvelopeSchema(Validity) },
      },
    },
    async (request) => ok(await hotels.validityUpdate(actorOf(request), request.body)),
  );
}
