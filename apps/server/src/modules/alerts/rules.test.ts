import { ALERT_TYPES } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';

const MINUTE = 60_000;

describeEachDatabase('alert rules', (t) => {
  let hotelId: number;
  let refs: { room_id: number; hotel_id: number; building_id: number; room_num: string; floor_num: number }[];

  beforeAll(async () => {
    const rooms = await t.db
      .selectFrom('rooms')
      .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
      .orderBy('id')
      .limit(4)
      .execute();
    refs = rooms.map(({ id, ...room }) => ({ ...room, room_id: id }));
    hotelId = rooms[0]?.hotel_id as number;
    await t.db
      .insertInto('hotel_settings')
      .values({
        hotel_id: hotelId,
        door_open_alert_minutes: 3,
        offline_alert_minutes: 0,
        updated_at: t.clock().toISOString(),
      })
      .execute();
  });

  const live = () => t.app.services.live;
  const alerts = () => t.app.services.alerts;
  const openOf = async (roomId: number, type: number) =>
    (await alerts().openAlerts(hotelId, 'en')).filter((alert) => alert.room_id === roomId && alert.type === type);

  it('raises a door left open longer than the hotel setting once, and again only after it closed', async () => {
    const [door] = refs as [(typeof refs)[number]];
    await live().store.merge(door, { online: true, door: true }, t.clock());
    await alerts().sweepRules();
    t.clock.advance(2 * MINUTE);
    await alerts().sweepRules();
    expect(await openOf(door.room_id, ALERT_TYPES.door_open_long)).toEqual([]);
    t.clock.advance(MINUTE);
    await alerts().sweepRules();
    await alerts().sweepRules();
    const [alert, ...more] = await openOf(door.room_id, ALERT_TYPES.door_open_long);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ room_num: door.room_num, event_content: 'Door open for more than 3 min' });

    // Still open, and the alert is open: no second one. Closing does not confirm it.
    await live().store.merge(door, { door: false }, t.clock());
    await alerts().sweepRules();
    expect(await openOf(door.room_id, ALERT_TYPES.door_open_long)).toHaveLength(1);
    const manager = await t.login('manager');
    await t.call('POST', '/apis/delredisroomspecialstate', { token: manager, body: { id: alert?.id } });
    await live().store.merge(door, { door: true }, t.clock());
    await alerts().sweepRules();
    t.clock.advance(3 * MINUTE);
    await alerts().sweepRules();
    expect(await openOf(door.room_id, ALERT_TYPES.door_open_long)).toHaveLength(1);
  });

  it('raises an RCU gone offline (setting 0: at the next sweep), and a window open while the AC runs', async () => {
    const [, offline, windowRoom] = refs as [unknown, (typeof refs)[number], (typeof refs)[number]];
    await live().store.merge(offline, { online: false }, t.clock());
    await live().store.merge(windowRoom, { online: true, window: true, devices: { AC1: { on: false } } }, t.clock());
    await alerts().sweepRules();
    expect(await openOf(offline.room_id, ALERT_TYPES.rcu_offline)).toMatchObject([{ event_content: 'RCU offline' }]);
    expect(await openOf(windowRoom.room_id, ALERT_TYPES.window_open_ac_on)).toEqual([]);
    await live().store.merge(windowRoom, { devices: { AC1: { on: true } } }, t.clock());
    await alerts().sweepRules();
    expect(await openOf(windowRoom.room_id, ALERT_TYPES.window_open_ac_on)).toHaveLength(1);
    const zh = await alerts().openAlerts(hotelId, 'zh');
    expect(zh.find((alert) => alert.room_id === windowRoom.room_id)?.event_content).toBe('空调运行时窗户打开');
  });

  it('raises no door or window alert from a last known state restored after a restart, until the RCU speaks', async () => {
    const [, , , restored] = refs as [unknown, unknown, unknown, (typeof refs)[number]];
    const last = { door: true, window: true, devices: { AC1: { on: true } }, online: false, stale: true };
    expect(await live().store.restore(restored, last, t.clock())).toBe(true);
    await alerts().sweepRules();
    t.clock.advance(30 * MINUTE);
    await alerts().sweepRules();
    expect(await openOf(restored.room_id, ALERT_TYPES.door_open_long)).toEqual([]);
    expect(await openOf(restored.room_id, ALERT_TYPES.window_open_ac_on)).toEqual([]);
    // Its RCU has not come back: that is an offline RCU (the hotel's setting here: at the next sweep).
    expect(await openOf(restored.room_id, ALERT_TYPES.rcu_offline)).toHaveLength(1);

    // The RCU speaks and says the same: now they are live conditions.
    await live().applyState(restored, { door: true, window: true }, t.clock());
    await alerts().sweepRules();
    expect(await openOf(restored.room_id, ALERT_TYPES.window_open_ac_on)).toHaveLength(1);
    t.clock.advance(3 * MINUTE);
    await alerts().sweepRules();
    expect(await openOf(restored.room_id, ALERT_TYPES.door_open_long)).toHaveLength(1);
  });
});
