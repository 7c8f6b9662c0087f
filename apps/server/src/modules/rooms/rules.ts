// What a room may be, shared by its changes and its import: number, rcu_id, MAC and date rules,
// the checks against the hotel's other rooms, the device key, and the answer's shape.

import { randomBytes } from 'node:crypto';
import { ErrorCode, holds, RCU_ID_PATTERN, ROOM_NUM_PATTERN, type Room } from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../access.js';
import { type Clock, isoDate } from '../../clock.js';
import type { Database, Db, NewRoomRow } from '../../db/schema.js';
import type { DeviceKeys } from '../../device-keys.js';
import { AppError, invalid, notFound } from '../../errors.js';
import * as roomTypeRepository from '../roomtypes/repository.js';
import * as repository from './repository.js';

export const ROOM_NUM = new RegExp(ROOM_NUM_PATTERN);
export const RCU_ID = new RegExp(RCU_ID_PATTERN);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the live side is told after rooms change (committed): RCUs of new rooms (let in at once,
 * by the outside broker too), RCUs whose room changed (rcu_id, key, place: the gateway re-reads
 * them and drops a connection whose key no longer opens the door), and rooms that are gone (their
 * RCUs are disconnected, their live state forgotten).
 */
export interface RoomDeviceHooks {
  added(rcuIds: string[]): Promise<void>;
  changed(rcuIds: string[]): Promise<void>;
  removed(rooms: { id: number; rcu_id: string }[]): Promise<void>;
}

export const NO_ROOM_DEVICES: RoomDeviceHooks = {
  added: async () => {},
  changed: async () => {},
  removed: async () => {},
};

/** Room ids that are online now, as the live store says. */
export type OnlineRooms = (roomIds: number[]) => Promise<Set<number>>;

/** What the rooms' functions work with (service.ts wires them). */
export interface RoomDeps {
  db: Kysely<Database>;
  clock: Clock;
  devices: RoomDeviceHooks;
  online: OnlineRooms;
  /** Seals device keys before they are stored and opens them for those who may see them. */
  keys: DeviceKeys;
}

/**
 * A new device key: the RCU's MQTT password (PROTOCOL.md), stored sealed (`DeviceKeys`), compared by
 * the broker. It never starts with `-` (1 in 64 of base64url's), which a spreadsheet would take for a
 * formula: the key export then writes it with a guarding apostrophe that a person copying the key
 * by hand would take along.
 */
export function newDeviceKey(): string {
  for (;;) {
    const key = randomBytes(32).toString('base64url');
    if (!key.startsWith('-')) return key;
  }
}

/** A MAC as stored: separators stripped, upper case; '' when none. Undefined when it is not 12 hex digits. */
export function normalizedMac(value: string): string | undefined {
  const mac = value.replace(/[:.\-\s]/g, '').toUpperCase();
  return mac === '' || /^[0-9A-F]{12}$/.test(mac) ? mac : undefined;
}

/** A MAC as stored; 4400 when it is not one. */
export function macOf(value: string): string {
  const mac = normalizedMac(value);
  if (mac === undefined) throw invalid('rooms.badMac');
  return mac;
}

export function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDate(date) === value;
}

/** A new room's row: no versions yet, a fresh device key, sealed. */
export function newRoomRow(
  room: Pick<NewRoomRow, 'hotel_id' | 'building_id' | 'room_type_id' | 'room_num' | 'floor_num' | 'rcu_id'> &
    Partial<Pick<NewRoomRow, 'mac' | 'remark' | 'validdate'>>,
  createdAt: string,
  keys: DeviceKeys,
): NewRoomRow {
  return {
    mac: '',
    remark: '',
    validdate: null,
    ...room,
    versiontime: null,
    pubdate: null,
    fw: null,
    cfg: null,
    ir: null,
    device_key: keys.seal(newDeviceKey()),
    created_at: createdAt,
  };
}

/**
 * Rooms as answered: the device key (opened) only to holders of pm_roomdetail (or `*`). A key
 * that does not open with this server's secret (docs/operations.md "Device-key secret") is
 * answered as '' rather than as what is stored: it must be regenerated.
 */
export function roomsFor(actor: Actor, keys: DeviceKeys): (row: repository.NamedRoomRow) => Room {
  // The answer schema leaves out what a Room does not have (created_at); rows pass as they are.
  if (holds(actor.perms, 'pm_roomdetail')) {
    // The row is the caller's own (read for this answer): its key is opened in place.
    return (row) => Object.assign(row, { device_key: keys.open(row.device_key) ?? '' }) as Room;
  }
  return ({ device_key: _key, ...rest }) => rest;
}

export async function existingRoom(trx: Db, hotelId: number, id: number) {
  const room = await repository.findRoom(trx, hotelId, id);
  if (!room) throw notFound('rooms.notFound');
  return room;
}

export async function existingRoomType(trx: Db, hotelId: number, id: number) {
  const roomType = await roomTypeRepository.findRoomType(trx, hotelId, id);
  if (!roomType) throw new AppError(ErrorCode.notFound, 'rooms.roomTypeNotFound', { id });
  return roomType;
}

/** Room numbers are unique within the hotel (4409). */
export async function ensureNumFree(trx: Db, hotelId: number, roomNum: string, exceptId?: number): Promise<void> {
  const other = await repository.findRoomByNum(trx, hotelId, roomNum);
  if (other && other.id !== exceptId) throw new AppError(ErrorCode.conflict, 'rooms.numTaken', { room_num: roomNum });
}

/** rcu_ids are unique across all hotels (4409). */
export async function ensureRcuFree(trx: Db, rcuId: string, exceptId?: number): Promise<void> {
  const other = await repository.findRoomByRcuId(trx, rcuId);
  if (other && other.id !== exceptId) throw new AppError(ErrorCode.conflict, 'rooms.rcuTaken', { rcu_id: rcuId });
}
