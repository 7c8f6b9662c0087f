import {
  type Hotel,
  type HotelAddBody,
  type HotelDeleteBody,
  type HotelListBody,
  type HotelUpdateBody,
  type Page,
  VALIDITY_WARN_DAYS,
  type Validity,
  type ValidityListBody,
  type ValidityUpdateBody,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import { type Clock, isoDate } from '../../clock.js';
import type { Database, Db, HotelRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique.js';
import { conflict, notFound } from '../../errors.js';
import { type EndedSessions, hotelExpired } from '../auth/service.js';
import { recordOperation } from '../oplog/service.js';
import { insertHotelWithRoles, insertUser } from '../roles/hotel-setup.js';
import { NO_ROOM_DEVICES, type RoomDeviceHooks } from '../rooms/service.js';
import * as repository from './repository.js';

const DAY_MS = 86_400_000;

/** Whole days from today (UTC) until `validdate`: 0 on the day itself, negative once past. */
export function daysLeft(validdate: string | null, now: Date): number | null {
  if (validdate === null) return null;
  return Math.round((Date.parse(validdate) - Date.parse(isoDate(now))) / DAY_MS);
}

export function createHotelService({
  db,
  clock,
  devices = NO_ROOM_DEVICES,
  onValidityEnded = () => {},
}: {
  db: Kysely<Database>;
  clock: Clock;
  /** Told of the rooms a forced delete took with it. */
  devices?: RoomDeviceHooks;
  /** A hotel's validity was set to a day already past, once kept: its users' sessions can no longer be used. */
  onValidityEnded?: (ended: Extract<EndedSessions, { hotelId: number }>) => void;
}) {
  function toHotel(row: HotelRow & { room_count: number }): Hotel {
    return {
      ...row,
      two_factor_required: Number(row.two_factor_required) === 1,
      days_left: daysLeft(row.validdate, clock()),
    };
  }

  /** The hotel's two-factor requirement set, in the operation log of its own when it changes. */
  async function setTwoFactorRequired(
    trx: Db,
    actor: Actor,
    hotel: { hotel_id: number; hotel_name: string; two_factor_required: number },
    required: boolean | undefined,
  ): Promise<void> {
    if (required === undefined || (Number(hotel.two_factor_required) === 1) === required) return;
    await repository.updateHotel(trx, hotel.hotel_id, { two_factor_required: required ? 1 : 0 });
    await recordOperation(trx, clock, who(actor, hotel.hotel_id), {
      action: 'two_factor_requirement',
      target: hotel.hotel_name,
      detail: { hotel_id: hotel.hotel_id, hotel_name: hotel.hotel_name, required },
    });
  }

  async function existingHotel(trx: Db, hotelId: number) {
    const hotel = await repository.findHotel(trx, hotelId);
    if (!hotel) throw notFound('hotel.notFound');
    return hotel;
  }

  async function ensureNameFree(trx: Db, name: string, exceptId?: number): Promise<void> {
    const other = await repository.findHotelByName(trx, name);
    if (other && other.hotel_id !== exceptId) throw conflict('hotels.nameTaken');
  }

  return {
    async list(body: HotelListBody): Promise<Page<Hotel>> {
      const current = body.current ?? 1;
      const size = body.size ?? 20;
      const { records, total } = await repository.pageHotels(db, { keyword: body.keyword }, { current, size }, 'id');
      return { records: records.map(toHotel), total, current, size };
    },

    /** A hotel with the five preset roles and, when asked, its first user holding the 'manager' role. */
    add(actor: Actor, body: HotelAddBody): Promise<Hotel> {
      return db.transaction().execute(async (trx) => {
        const { manager, two_factor_required: twoFactorRequired, ...fields } = body;
        const hotelName = fields.hotel_name.trim();
        await ensureNameFree(trx, hotelName);
        if (manager && (await repository.userNameTaken(trx, manager.user_name.trim()))) {
          throw conflict('users.nameTaken');
        }
        const now = clock().toISOString();
        const { hotelId, roleIds } = await insertHotelWithRoles(trx, { ...fields, hotel_name: hotelName }, now);
        if (manager) {
          await insertUser(
            trx,
            {
              hotel_id: hotelId,
              user_name: manager.user_name.trim(),
              password: manager.password,
              nick_name: manager.nick_name,
              roleIds: [roleIds.manager],
            },
            now,
          ).catch((error: unknown) => {
            // Named as a user who raced in after the check (whatever the case): the same 4409.
            throw isUniqueViolation(error) ? conflict('users.nameTaken') : error;
          });
        }
        await recordOperation(trx, clock, who(actor, hotelId), {
          action: 'hotel_add',
          target: hotelName,
          detail: {
            hotel_id: hotelId,
            hotel_name: hotelName,
            validdate: body.validdate,
            manager: manager?.user_name.trim() ?? null,
          },
        });
        await setTwoFactorRequired(
          trx,
          actor,
          { hotel_id: hotelId, hotel_name: hotelName, two_factor_required: 0 },
          twoFactorRequired,
        );
        return toHotel(await existingHotel(trx, hotelId));
      });
    },

    update(actor: Actor, body: HotelUpdateBody): Promise<Hotel> {
      return db.transaction().execute(async (trx) => {
        const { hotel_id: hotelId, two_factor_required: twoFactorRequired, ...changes } = body;
        const before = await existingHotel(trx, hotelId);
        if (changes.hotel_name !== undefined) {
          changes.hotel_name = changes.hotel_name.trim();
          await ensureNameFree(trx, changes.hotel_name, hotelId);
        }
        await repository.updateHotel(trx, hotelId, changes);
        // A change of the requirement alone has its own entry only.
        if (Object.keys(changes).length > 0 || twoFactorRequired === undefined) {
          await recordOperation(trx, clock, who(actor, hotelId), {
            action: 'hotel_update',
            target: changes.hotel_name ?? before.hotel_name,
            detail: { before, changes },
          });
        }
        await setTwoFactorRequired(
          trx,
          actor,
          { ...before, hotel_name: changes.hotel_name ?? before.hotel_name },
          twoFactorRequired,
        );
        return toHotel(await existingHotel(trx, hotelId));
      });
    },

    /** Refused while the hotel has rooms, unless forced: then all of it goes in one transaction. */
    async remove(actor: Actor, body: HotelDeleteBody): Promise<null> {
      const rooms = await db.transaction().execute(async (trx) => {
        const hotel = await existingHotel(trx, body.hotel_id);
        if (hotel.room_count > 0 && !body.force) throw conflict('hotels.hasRooms');
        const rooms = await repository.roomsOfHotel(trx, hotel.hotel_id);
        await repository.deleteHotelAndEverything(trx, hotel.hotel_id);
        await recordOperation(trx, clock, who(actor, hotel.hotel_id), {
          action: 'hotel_delete',
          target: hotel.hotel_name,
          detail: {
            hotel_id: hotel.hotel_id,
            hotel_name: hotel.hotel_name,
            rooms: hotel.room_count,
            force: body.force ?? false,
          },
        });
        return rooms;
      });
      await devices.removed(rooms);
      return null;
    },

    async validityList(body: ValidityListBody): Promise<Page<Validity>> {
      const current = body.current ?? 1;
      const size = body.size ?? 20;
      const validUntil = body.expiring ? isoDate(new Date(clock().getTime() + VALIDITY_WARN_DAYS * DAY_MS)) : undefined;
      const { records, total } = await repository.pageHotels(
        db,
        { keyword: body.keyword, validUntil },
        { current, size },
        'validdate',
      );
      return {
        records: records.map(({ hotel_id, hotel_name, validdate }) => ({
          hotel_id,
          hotel_name,
          validdate,
          days_left: daysLeft(validdate, clock()),
        })),
        total,
        current,
        size,
      };
    },

    async validityUpdate(actor: Actor, body: ValidityUpdateBody): Promise<Validity> {
      const validity = await db.transaction().execute(async (trx) => {
        const before = await existingHotel(trx, body.hotel_id);
        await repository.updateHotel(trx, before.hotel_id, { validdate: body.validdate });
        await recordOperation(trx, clock, who(actor, before.hotel_id), {
          action: 'validity_update',
          target: before.hotel_name,
          detail: { before: before.validdate, validdate: body.validdate },
        });
        return {
          hotel_id: before.hotel_id,
          hotel_name: before.hotel_name,
          validdate: body.validdate,
          days_left: daysLeft(body.validdate, clock()),
        };
      });
      // Over now: the hotel's open consoles are told at once, not at their next call.
      if (hotelExpired(body.validdate, clock())) {
        onValidityEnded({ hotelId: body.hotel_id, reason: 'expired', validdate: body.validdate ?? '' });
      }
      return validity;
    },
  };
}
export type HotelService = ReturnType<typeof createHotelService>;
