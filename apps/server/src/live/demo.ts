import { type Fleet, runFleet } from '@roompilot/rcu-sim';
import type { FastifyInstance } from 'fastify';
import { DEMO_HOTEL_NAME } from '../db/seed.js';

/** Simulated seconds per real second in the demo: a day passes in 24 minutes. */
const DEMO_SPEED = 60;

/**
 * SIMULATE=1: one virtual RCU per room of the demo hotel, connected to this server's broker, so
 * that a newcomer sees a living hotel at once. Null when there is no demo hotel or no gateway.
 */
export async function startDemoSimulation(app: FastifyInstance): Promise<Fleet | null> {
  const gateway = app.gateway;
  if (!gateway) return null;
  const hotel = await app.db
    .selectFrom('hotels')
    .select('hotel_id')
    .where('hotel_name', '=', DEMO_HOTEL_NAME)
    .executeTakeFirst();
  if (!hotel) return null;
  const rows = await app.db
    .selectFrom('rooms')
    .innerJoin('room_types', 'room_types.id', 'rooms.room_type_id')
    .select(['rooms.rcu_id', 'rooms.device_key', 'room_types.devices'])
    .where('rooms.hotel_id', '=', hotel.hotel_id)
    .orderBy('rooms.id')
    .execute();
  const rooms = rows.map((row) => ({
    rcu_id: row.rcu_id,
    device_key: row.device_key,
    devices: (JSON.parse(row.devices) as { key: string }[]).map((device) => device.key),
  }));
  const url = app.config.mqttUrl ?? `mqtt://127.0.0.1:${gateway.port}`;
  const fleet = await runFleet({
    url,
    rooms,
    speed: DEMO_SPEED,
    onError: (rcuId, error) => app.log.warn({ rcu_id: rcuId, err: error }, 'simulator: an RCU could not start'),
  });
  app.log.info(`simulator: ${fleet.rcus.length} RCUs of the demo hotel live on ${url} (SIMULATE=0 turns them off)`);
  return fleet;
}
