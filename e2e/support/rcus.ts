import { type Fleet, type FleetRoom, roomsFromServer, runFleet } from '@roompilot/rcu-sim';
import type { RunningServer } from './server.js';

/** The demo hotel's manager: sees the rooms' device keys (pm_roomdetail). */
const MANAGER = { user: 'manager', password: 'manager123' };

/** The demo hotel's rooms as their RCUs connect (id, device key, devices), read as the demo manager. */
export async function demoRooms(server: RunningServer): Promise<FleetRoom[]> {
  const token = await server.login(MANAGER.user, MANAGER.password);
  const info = await server.api<{ hotel_id: number }>('/userinfo', {}, token);
  return roomsFromServer({ server: server.url, ...MANAGER, hotelId: info.data.hotel_id });
}

/**
 * The demo rooms whose RCU ids match, online: RCUs that answer commands and send only what a test
 * makes them send (`behave: false`).
 */
export async function quietRcus(server: RunningServer, rcuId: RegExp): Promise<Fleet> {
  const rooms = (await demoRooms(server)).filter((room) => rcuId.test(room.rcu_id));
  return runFleet({ url: server.mqttUrl, rooms, behave: false });
}
