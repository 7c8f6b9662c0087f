import mqtt from 'mqtt';
import { insertHotelWithRoles, insertUser } from '../modules/roles/hotel-setup.js';
import type { TestApp } from './databases.js';

/** Another hotel with the role presets and a user holding the given perms (a role of its own). */
export async function createHotel(
  t: TestApp,
  options: {
    name: string;
    validdate?: string | null;
    users?: { user_name: string; password: string; perms?: string[] | null }[];
  },
) {
  const now = t.clock().toISOString();
  const { hotelId, roleIds } = await insertHotelWithRoles(
    t.db,
    { hotel_name: options.name, validdate: options.validdate === undefined ? '2999-12-31' : options.validdate },
    now,
  );
  const userIds: Record<string, number> = {};
  for (const user of options.users ?? []) {
    const roleIdsOfUser: number[] = [];
    if (user.perms) {
      const role = await t.db
        .insertInto('roles')
        .values({
          hotel_id: hotelId,
          name: `${user.user_name} role`,
          perms: JSON.stringify(user.perms),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIdsOfUser.push(role.id);
    }
    userIds[user.user_name] = await insertUser(
      t.db,
      { hotel_id: hotelId, user_name: user.user_name, password: user.password, roleIds: roleIdsOfUser },
      now,
    );
  }
  return { hotelId, roleIds, userIds };
}

/**
 * A new hotel whose user `<prefix>_mgr` holds `*`, signed in, with a building of floors 1..30 and a
 * room type of two devices: the usual start of an inventory test.
 */
export async function hotelWithInventory(t: TestApp, prefix: string) {
  const user = { user_name: `${prefix}_mgr`, password: `${prefix}_pass1`, perms: ['*'] };
  const { hotelId } = await createHotel(t, { name: `${prefix} hotel`, users: [user] });
  const token = await t.login(user.user_name, user.password);
  const building = await t.call('POST', '/apis/buildingadd', {
    token,
    body: { name: 'Tower', floor_from: 1, floor_to: 30 },
  });
  const roomType = await t.call('POST', '/apis/roomtypeadd', {
    token,
    body: {
      name: 'Standard',
      devices: [
        { key: 'L1', kind: 'light', name: 'Ceiling' },
        { key: 'AC1', kind: 'ac', name: 'Air', defaults: { set_min: 18, set_max: 28, set: 24 } },
      ],
    },
  });
  if (building.code !== 0 || roomType.code !== 0) throw new Error(`inventory: ${building.message} ${roomType.message}`);
  return { hotelId, token, buildingId: building.data.id as number, roomTypeId: roomType.data.id as number };
}

/**
 * Rooms as read from the rooms table with their device keys opened (they are stored sealed): what
 * a test's RCU logs in with.
 */
export function withOpenKeys<R extends { device_key: string }>(
  t: TestApp,
  rows: R[],
): (Omit<R, 'device_key'> & { device_key: string })[] {
  return rows.map((row) => ({ ...row, device_key: t.app.deviceKeys.open(row.device_key) ?? '' }));
}

/** The first room of the signed-in manager's hotel (by `order`), with its device key opened. */
export async function managersFirstRoom(t: TestApp, token: string, order: 'room_num' | 'id' = 'room_num') {
  const hotelId = (await t.call('POST', '/apis/userinfo', { token })).data.hotel_id as number;
  const [room] = withOpenKeys(
    t,
    await t.db
      .selectFrom('rooms')
      .select(['id', 'rcu_id', 'device_key'])
      .where('hotel_id', '=', hotelId)
      .orderBy(order)
      .limit(1)
      .execute(),
  );
  if (!room) throw new Error(`no room in hotel ${hotelId}`);
  return { hotelId, room };
}

/**
 * An RCU as a plain mqtt.js client speaking the protocol sheet: logged in with its id and key,
 * subscribed to its commands, online; `acks` gathers the event ids the server acknowledges.
 */
export async function connectRcu(url: string, room: { rcu_id: string; device_key: string }) {
  const client = await mqtt.connectAsync(url, {
    clientId: room.rcu_id,
    username: room.rcu_id,
    password: room.device_key,
    reconnectPeriod: 0,
  });
  await client.subscribeAsync(`rcu/${room.rcu_id}/down/cmd`, { qos: 1 });
  const acks: string[] = [];
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as { op: string; event?: string };
    if (command.op === 'ack' && command.event) acks.push(command.event);
  });
  await client.publishAsync(`rcu/${room.rcu_id}/up/status`, '{"online":true}', { qos: 1 });
  return { client, acks };
}

/** An operation log line as an older version wrote it: its detail as it was stored then. */
export async function insertOlderOperation(
  t: TestApp,
  line: { hotelId: number; action: string; target?: string; detail: Record<string, unknown> },
) {
  await t.db
    .insertInto('oplog')
    .values({
      hotel_id: line.hotelId,
      user_id: null,
      user_name: 'earlier',
      action: line.action,
      target: line.target ?? '',
      detail: JSON.stringify(line.detail),
      ip: '',
      created_at: t.clock().toISOString(),
    })
    .execute();
}

/** A page of the operation log as a reader of `language` sees it, newest first. */
export async function loggedOperations(t: TestApp, token: string, language: string, body: Record<string, unknown>) {
  const log = await t.call('POST', '/apis/oplog/query', { token, headers: { 'accept-language': language }, body });
  return log.data.records as { action: string; target: string; detail: Record<string, unknown>; text: string }[];
}
