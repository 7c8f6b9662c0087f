import { ALERT_TYPES } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';
import { openLiveBus } from '../live/open.js';
import { FLOOD_CALM_MS } from './rules.js';
import { type AlertMessage, AlertService } from './service.js';

const MINUTE = 60_000;

describeEachDatabase('alert rules', (t) => {
  let hotelId: number;
  let refs: { room_id: number; hotel_id: number; building_id: number; room_num: string; floor_num: number }[];

  beforeAll(async () => {
    const rooms = await t.db
      .selectFrom('rooms')
      .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
      .orderBy('id')
      .limit(8)
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

    // The door closes: the next sweep clears the alert, recorded with when and why (the ingest
    // path clears it at once: below).
    t.clock.advance(MINUTE);
    await live().store.merge(door, { door: false }, t.clock());
    await alerts().sweepRules();
    expect(await openOf(door.room_id, ALERT_TYPES.door_open_long)).toEqual([]);
    const row = await t.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', alert?.id as number)
      .executeTakeFirst();
    expect(row).toMatchObject({
      cleared_at: t.clock().toISOString(),
      cleared_reason: 'door_closed',
      confirmed_at: null,
    });
    // Opened again: a new occurrence, timed afresh, raises a new alert.
    await live().store.merge(door, { door: true }, t.clock());
    await alerts().sweepRules();
    t.clock.advance(3 * MINUTE);
    await alerts().sweepRules();
    const [again] = await openOf(door.room_id, ALERT_TYPES.door_open_long);
    expect(again?.id).toBeGreaterThan(alert?.id as number);
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

  /** Every alert message announced while `run` runs. */
  async function announced(run: () => Promise<unknown>): Promise<AlertMessage[]> {
    const messages: AlertMessage[] = [];
    const stop = await alerts().onAlert((message) => messages.push(message));
    try {
      await run();
    } finally {
      stop();
    }
    return messages;
  }

  it('clears a window alert at once when the window closes, announcing why; the next sweep finds nothing more', async () => {
    const room = refs[4] as (typeof refs)[number];
    await live().applyState(room, { window: true, devices: { AC1: { on: true }, AC2: { on: false } } }, t.clock());
    await alerts().sweepRules();
    const [alert] = await openOf(room.room_id, ALERT_TYPES.window_open_ac_on);
    expect(alert).toBeDefined();

    // A change that ends nothing (the AC's set point) looks at nothing.
    const unrelated = await announced(async () =>
      alerts().roomChanged(room, await live().applyState(room, { devices: { AC1: { set: 22 } } }, t.clock())),
    );
    expect(unrelated).toEqual([]);

    t.clock.advance(20_000);
    const messages = await announced(async () => {
      const change = await live().applyEvent(room, 'window_close', t.clock());
      expect(await alerts().roomChanged(room, change)).toBe(1);
    });
    expect(messages).toEqual([
      { type: 'alert_closed', hotel_id: hotelId, data: { id: alert?.id, reason: 'window_closed' } },
    ]);
    expect(await openOf(room.room_id, ALERT_TYPES.window_open_ac_on)).toEqual([]);
    const row = await t.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', alert?.id as number)
      .executeTakeFirst();
    expect(row).toMatchObject({ cleared_reason: 'window_closed', cleared_at: t.clock().toISOString() });
    // The room's event log says so.
    const logged = await t.db
      .selectFrom('room_events')
      .selectAll()
      .where('room_id', '=', room.room_id)
      .where('type', '=', 'alert_cleared')
      .execute();
    expect(logged.map((event) => JSON.parse(event.detail))).toEqual([
      { alert_id: alert?.id, alert_type: ALERT_TYPES.window_open_ac_on, reason: 'window_closed' },
    ]);
    expect(await announced(() => alerts().sweepRules())).toEqual([]);
    // Confirming a cleared alert is harmless and changes nothing.
    const manager = await t.login('manager');
    const confirmed = await t.call('POST', '/apis/delredisroomspecialstate', {
      token: manager,
      body: { id: alert?.id },
    });
    expect(confirmed.code).toBe(0);
    expect(
      (
        await t.db
          .selectFrom('alerts')
          .selectAll()
          .where('id', '=', alert?.id as number)
          .executeTakeFirst()
      )?.confirmed_at,
    ).toBeNull();
  });

  it('clears a window alert when the last air conditioner goes off, and an offline alert when the RCU is back', async () => {
    const room = refs[5] as (typeof refs)[number];
    await live().applyState(room, { window: true, devices: { AC1: { on: true }, AC2: { on: true } } }, t.clock());
    await alerts().sweepRules();
    expect(await openOf(room.room_id, ALERT_TYPES.window_open_ac_on)).toHaveLength(1);
    // One of two ACs off: the condition holds.
    let change = await live().applyState(room, { devices: { AC1: { on: false } } }, t.clock());
    expect(await alerts().roomChanged(room, change)).toBe(0);
    expect(await openOf(room.room_id, ALERT_TYPES.window_open_ac_on)).toHaveLength(1);
    change = await live().applyState(room, { devices: { AC2: { on: false } } }, t.clock());
    expect(await alerts().roomChanged(room, change)).toBe(1);
    const [record] = (await alerts().history(hotelId, { room_num: room.room_num }, 'en')).records;
    expect(record).toMatchObject({
      state: 'cleared',
      cleared_reason: 'ac_off',
      cleared_text: 'The air conditioning was turned off',
    });

    // The RCU drops: offline at the next sweep (the hotel's setting: 0 minutes); back: cleared at once.
    await live().setOnline(room, false, t.clock());
    await alerts().sweepRules();
    expect(await openOf(room.room_id, ALERT_TYPES.rcu_offline)).toHaveLength(1);
    const messages = await announced(async () =>
      alerts().roomChanged(room, await live().setOnline(room, true, t.clock())),
    );
    expect(messages).toMatchObject([{ type: 'alert_closed', data: { reason: 'rcu_online' } }]);
    expect(await openOf(room.room_id, ALERT_TYPES.rcu_offline)).toEqual([]);
  });

  it('looks at the database only for rooms that may have such an alert: one another instance raised is cleared by the next sweep, then at once', async () => {
    const room = refs[6] as (typeof refs)[number];
    const bus = await openLiveBus(null);
    const elsewhere = new AlertService({ db: t.db, store: live().store, bus, clock: t.clock });
    try {
      // Another instance raises a window alert: this one has not looked yet, so a report that ends
      // the condition costs it no read and clears nothing; its next sweep clears the alert.
      await live().applyState(room, { window: true, devices: { AC1: { on: true } } }, t.clock());
      await elsewhere.sweepRules();
      expect(await openOf(room.room_id, ALERT_TYPES.window_open_ac_on)).toHaveLength(1);
      expect(await alerts().roomChanged(room, await live().applyEvent(room, 'window_close', t.clock()))).toBe(0);
      expect(await openOf(room.room_id, ALERT_TYPES.window_open_ac_on)).toHaveLength(1);
      await alerts().sweepRules();
      expect(await openOf(room.room_id, ALERT_TYPES.window_open_ac_on)).toEqual([]);

      // Raised elsewhere again and seen open by this instance's sweep: from then on cleared at once.
      await live().applyEvent(room, 'window_open', t.clock());
      await elsewhere.sweepRules();
      await alerts().sweepRules();
      expect(await openOf(room.room_id, ALERT_TYPES.window_open_ac_on)).toHaveLength(1);
      expect(await alerts().roomChanged(room, await live().applyEvent(room, 'window_close', t.clock()))).toBe(1);
      expect(await openOf(room.room_id, ALERT_TYPES.window_open_ac_on)).toEqual([]);
    } finally {
      await bus.close();
    }
  });

  it('keeps a flooding alert open while its flood goes on, and clears it two minutes after the last report', async () => {
    const room = refs[6] as (typeof refs)[number];
    expect(await alerts().raiseFlooding(room, { dropped: 'event' })).toBe(true);
    // The same flood reported again: no second alert.
    expect(await alerts().raiseFlooding(room, { dropped: 'event' })).toBe(false);
    t.clock.advance(FLOOD_CALM_MS - 30_000);
    expect(await alerts().raiseFlooding(room, { dropped: 'state' }, true)).toBe(false);
    t.clock.advance(90_000);
    await alerts().sweepRules();
    expect(await openOf(room.room_id, ALERT_TYPES.rcu_flooding)).toHaveLength(1);
    t.clock.advance(30_000);
    await alerts().sweepRules();
    expect(await openOf(room.room_id, ALERT_TYPES.rcu_flooding)).toEqual([]);
    const [record] = (await alerts().history(hotelId, { type: ALERT_TYPES.rcu_flooding }, 'zh')).records;
    expect(record).toMatchObject({
      state: 'cleared',
      cleared_reason: 'flood_ended',
      cleared_text: 'RCU 消息已恢复正常',
    });
    // A flood going on after it cleared (reported by another instance, say) raises no new alert by itself.
    expect(await alerts().raiseFlooding(room, { dropped: 'event' }, true)).toBe(false);
    expect(await openOf(room.room_id, ALERT_TYPES.rcu_flooding)).toEqual([]);
  });

  it('never clears an SOS: staff confirm it', async () => {
    const room = refs[7] as (typeof refs)[number];
    const sos = await alerts().recordEvent(
      room,
      { id: 'e-rules-sos', type: 'sos', ts: t.clock().getTime() },
      t.clock(),
    );
    await live().applyState(room, { sos: false, door: false, window: false }, t.clock());
    t.clock.advance(FLOOD_CALM_MS * 10);
    await alerts().sweepRules();
    expect(await openOf(room.room_id, ALERT_TYPES.sos)).toMatchObject([{ id: sos?.id }]);
  });
});
