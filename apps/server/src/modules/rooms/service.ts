import type {
  AllRoomsBody,
  Language,
  RoomAddBody,
  RoomDeleteBody,
  RoomExportBody,
  RoomKeyBody,
  RoomKeyExportBody,
  RoomListBody,
  RoomsAddBody,
  RoomTemplateBody,
  RoomUpdateBody,
  UpgradeRoomListBody,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../access.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { DeviceKeys } from '../../device-keys.js';
import { addRoom, bulkAddRooms, regenerateKey, removeRooms, sealStoredKeys, updateRoom } from './changes.js';
import { exportDeviceKeys, exportRooms, roomTemplate } from './export.js';
import { importRooms, type RoomUpload } from './import.js';
import { allRooms, basicRooms, hotelRooms, listRooms, upgradeRooms } from './list.js';
import { NO_ROOM_DEVICES, type OnlineRooms, type RoomDeps, type RoomDeviceHooks } from './rules.js';

export { NO_ROOM_DEVICES, type OnlineRooms, type RoomDeviceHooks } from './rules.js';

/**
 * The rooms of a hotel: reading them (list.ts), changing them (changes.ts), their files
 * (export.ts, import.ts). This only wires those functions to the database, the clock and the
 * live side; every call acts on the hotel the access hook resolved.
 */
export function createRoomService({
  db,
  clock,
  devices = NO_ROOM_DEVICES,
  online = async () => new Set(),
  keys,
}: {
  db: Kysely<Database>;
  clock: Clock;
  keys: DeviceKeys;
  devices?: RoomDeviceHooks;
  online?: OnlineRooms;
}) {
  const deps: RoomDeps = { db, clock, devices, online, keys };
  return {
    list: (actor: Actor, hotelId: number, body: RoomListBody) => listRooms(deps, actor, hotelId, body),
    all: (actor: Actor, hotelId: number, body: AllRoomsBody) => allRooms(deps, actor, hotelId, body),
    basic: (hotelId: number, body: AllRoomsBody) => basicRooms(deps, hotelId, body),
    upgradeList: (hotelId: number, body: UpgradeRoomListBody) => upgradeRooms(deps, hotelId, body),
    hotelRooms: (hotelId: number) => hotelRooms(deps, hotelId),

    // The language names a main building made for rooms of a hotel that has none.
    add: (actor: Actor, hotelId: number, body: RoomAddBody, language: Language) =>
      addRoom(deps, actor, hotelId, body, language),
    bulkAdd: (actor: Actor, hotelId: number, body: RoomsAddBody, language: Language) =>
      bulkAddRooms(deps, actor, hotelId, body, language),
    update: (actor: Actor, hotelId: number, body: RoomUpdateBody, language: Language) =>
      updateRoom(deps, actor, hotelId, body, language),
    remove: (actor: Actor, hotelId: number, body: RoomDeleteBody) => removeRooms(deps, actor, hotelId, body),
    regenerateKey: (actor: Actor, hotelId: number, body: RoomKeyBody) => regenerateKey(deps, actor, hotelId, body),
    /** At start: keys stored before sealing are sealed; keys this secret cannot open are counted. */
    sealStoredKeys: () => sealStoredKeys(deps),

    export: (hotelId: number, body: RoomExportBody, language: Language) => exportRooms(deps, hotelId, body, language),
    exportKeys: (actor: Actor, hotelId: number, body: RoomKeyExportBody) =>
      exportDeviceKeys(deps, actor, hotelId, body),
    template: (hotelId: number, body: RoomTemplateBody, language: Language) =>
      roomTemplate(deps, hotelId, body, language),
    import: (actor: Actor, hotelId: number, upload: RoomUpload, language: Language) =>
      importRooms(deps, actor, hotelId, upload, language),
  };
}
export type RoomService = ReturnType<typeof createRoomService>;
