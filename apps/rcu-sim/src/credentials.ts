import fs from 'node:fs';
import {
  API_BASE,
  authCalls,
  type BodyOf,
  type Call,
  type DataOf,
  type Envelope,
  type GuestInfo,
  guestServiceCalls,
  hotelCalls,
  roomCalls,
  roomTypeCalls,
  siteCalls,
} from '@roompilot/contract';
import type { FleetRoom } from './fleet.js';

/**
 * Where the simulator gets its RCUs' credentials: from the server (an admin login, the rooms with
 * their device keys and the room types' device templates), or from the console's device-key export.
 */

/**
 * One call of the table, typed from it. Messages in English: they end up in an operator's
 * terminal.
 */
async function call<C extends Call>(
  server: string,
  called: C,
  body: BodyOf<C>,
  token?: string,
  authorization = token && `Bearer ${token}`,
): Promise<DataOf<C>> {
  const response = await fetch(new URL(`${API_BASE}${called.path}`, server), {
    method: called.method,
    headers: {
      'accept-language': 'en',
      ...(called.method !== 'GET' && { 'content-type': 'application/json' }),
      ...(authorization && { authorization }),
    },
    ...(called.method !== 'GET' && { body: JSON.stringify(body ?? {}) }),
  });
  const answer = (await response.json().catch(() => null)) as Envelope<DataOf<C>> | null;
  if (answer?.code !== 0) {
    throw new Error(`${called.path}: ${answer ? `${answer.code} ${answer.message}` : `HTTP ${response.status}`}`);
  }
  return answer.data;
}

export interface ServerCredentials {
  server: string;
  user: string;
  password: string;
  hotelId: number;
}

/** A session of a user; one who signs in with two factors cannot serve the simulator. */
async function logIn(server: string, user: string, password: string): Promise<string> {
  const answer = await call(server, authCalls.calls.login, { user_name: user, password });
  if (!('token' in answer))
    throw new Error(`user ${user} signs in with two factors: give the simulator a user without`);
  return answer.token;
}

/** Every room of a hotel with its key and device keys, read through the API as a user with pm_roomdetail. */
export async function roomsFromServer({ server, user, password, hotelId }: ServerCredentials): Promise<FleetRoom[]> {
  const token = await logIn(server, user, password);
  const types = await call(server, roomTypeCalls.calls.list, { current: 1, size: 500, hotel_id: hotelId }, token);
  const keysOfType = new Map(types.records.map((type) => [type.id, type.devices.map((device) => device.key)]));
  const rooms: FleetRoom[] = [];
  for (let current = 1; ; current += 1) {
    const page = await call(server, roomCalls.calls.list, { current, size: 500, hotel_id: hotelId }, token);
    for (const room of page.records) {
      if (!room.device_key) throw new Error(`user ${user} does not see device keys (needs pm_roomdetail)`);
      rooms.push({ rcu_id: room.rcu_id, device_key: room.device_key, devices: keysOfType.get(room.room_type_id) });
    }
    if (page.records.length === 0 || rooms.length >= page.total) break;
  }
  await call(server, authCalls.calls.logout, undefined, token).catch(() => {});
  return rooms;
}

/**
 * Waits until the server answers (a starting server: the simulator beside `npm start`), for at most
 * `timeoutMs`; gives up early when `signal` aborts.
 */
export async function waitForServer(server: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const url = new URL(`${API_BASE}${siteCalls.calls.info.path}`, server);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() >= deadline) throw new Error(`${server} did not answer in ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The id of the first hotel with one of these exact names, as the Administrator lists hotels; null when there is none. */
export async function hotelIdByName({
  server,
  user,
  password,
  hotelNames,
}: Omit<ServerCredentials, 'hotelId'> & { hotelNames: readonly string[] }): Promise<number | null> {
  const token = await logIn(server, user, password);
  try {
    for (const hotelName of hotelNames) {
      const page = await call(server, hotelCalls.calls.list, { current: 1, size: 500, keyword: hotelName }, token);
      const found = page.records.find((hotel) => hotel.hotel_name === hotelName);
      if (found) return found.hotel_id;
    }
    return null;
  } finally {
    await call(server, authCalls.calls.logout, undefined, token).catch(() => {});
  }
}

/**
 * Rooms from a CSV with `rcu_id` and `device_key` columns (comma or semicolon, a BOM allowed,
 * quoted fields allowed); an optional `devices` column lists device keys separated by spaces or `|`.
 */
export function roomsFromCsv(text: string): FleetRoom[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = lines.shift();
  if (!header) throw new Error('the CSV is empty');
  const separator = header.includes(';') && !header.includes(',') ? ';' : ',';
  const columns = splitCsvLine(header, separator).map((name) => name.trim().toLowerCase());
  const rcuColumn = columns.indexOf('rcu_id');
  const keyColumn = columns.indexOf('device_key');
  const devicesColumn = columns.indexOf('devices');
  if (rcuColumn < 0 || keyColumn < 0) throw new Error('the CSV needs rcu_id and device_key columns');
  return lines.map((line, index) => {
    const cells = splitCsvLine(line, separator).map(unguardFormula);
    const rcuId = cells[rcuColumn]?.trim();
    const deviceKey = cells[keyColumn]?.trim();
    if (!rcuId || !deviceKey) throw new Error(`line ${index + 2}: rcu_id or device_key is empty`);
    const devices = devicesColumn >= 0 ? cells[devicesColumn]?.split(/[\s|]+/).filter(Boolean) : undefined;
    return { rcu_id: rcuId, device_key: deviceKey, ...(devices && devices.length > 0 && { devices }) };
  });
}

/**
 * The server writes a cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return: a device key may start with `-`) with a leading apostrophe: read
 * without it, as the server's own import does.
 */
function unguardFormula(cell: string): string {
  return /^''*[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function splitCsvLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

export function roomsFromCsvFile(file: string): FleetRoom[] {
  return roomsFromCsv(fs.readFileSync(file, 'utf8'));
}

/** What the room's TV reads (`GET /apis/guestinfo`), signed in with the room's RCU credentials. */
export function guestInfoOf(server: string, room: FleetRoom): Promise<GuestInfo> {
  const basic = Buffer.from(`${room.rcu_id}:${room.device_key}`).toString('base64');
  return call(server, guestServiceCalls.calls.guestInfo, undefined, undefined, `Basic ${basic}`);
}
