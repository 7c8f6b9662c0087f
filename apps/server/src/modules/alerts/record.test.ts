import { ALERT_TYPES } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';

const T0 = Date.parse('2026-03-01T02:00:00.000Z');

/**
 * An RCU's SOS or fault stores three rows together: the event, its alert and the alert's `raised`
 * line. On PostgreSQL that is one statement, on SQLite a transaction: the rows must be the same.
 */
describeEachDatabase('an event that raises an alert', (t) => {
  let room: { room_id: number; hotel_id: number; room_num: string; building_id: number; floor_num: number };

  beforeAll(async () => {
    const row = await t.db
      .selectFrom('rooms')
      .select(['id', 'hotel_id', 'room_num', 'building_id', 'floor_num'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    room = { room_id: row.id, hotel_id: row.hotel_id, room_num: row.room_num, building_id: 0, floor_num: 1 };
  });

  const rowsOf = async (alertId: number) => ({
    alert: await t.db.selectFrom('alerts').selectAll().where('id', '=', alertId).executeTakeFirstOrThrow(),
    events: await t.db
      .selectFrom('room_events')
      .select(['id', 'event_id', 'type', 'detail', 'event_time', 'received_at', 'device_ts'])
      .where('room_id', '=', room.room_id)
      .where((eb) => eb.or([eb('event_id', '=', 'e-rec-1'), eb('event_id', '=', `alert-${alertId}-raised`)]))
      .orderBy('id')
      .execute(),
  });

  it('stores the event, its alert and the raised line once; a repeat of the event adds nothing', async () => {
    const at = new Date(T0);
    const alert = await t.app.services.alerts.recordEvent(
      room,
      { id: 'e-rec-1', type: 'sos', ts: T0 - 2000, detail: 'bath "room"' },
      at,
    );
    expect(alert).toMatchObject({ type: ALERT_TYPES.sos, room_id: room.room_id, content: 'bath "room"' });
    const id = alert?.id as number;
    const { alert: stored, events } = await rowsOf(id);
    const eventTime = new Date(T0 - 2000).toISOString();
    expect(events).toHaveLength(2);
    const [event, raised] = events as [(typeof events)[number], (typeof events)[number]];
    expect(event).toMatchObject({ event_id: 'e-rec-1', type: 'sos', detail: 'bath "room"', event_time: eventTime });
    expect(event.received_at).toBe(at.toISOString());
    expect(stored).toMatchObject({
      hotel_id: room.hotel_id,
      room_id: room.room_id,
      type: ALERT_TYPES.sos,
      room_event_id: event.id,
      content: 'bath "room"',
      event_time: eventTime,
      created_at: at.toISOString(),
      confirmed_at: null,
      confirmed_by: null,
      confirmed_by_name: '',
    });
    expect(raised).toMatchObject({ event_id: `alert-${id}-raised`, type: 'alert_raised', event_time: eventTime });
    expect(raised.detail).toBe(JSON.stringify({ alert_id: id, alert_type: ALERT_TYPES.sos, content: 'bath "room"' }));

    const again = await t.app.services.alerts.recordEvent(
      room,
      { id: 'e-rec-1', type: 'sos', ts: T0 - 2000, detail: 'bath "room"' },
      new Date(T0 + 5000),
    );
    expect(again).toBeNull();
    const count = await t.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('room_event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    expect((await rowsOf(id)).events).toHaveLength(2);
  });

  it('stores an event that raises no alert as the event alone', async () => {
    const alert = await t.app.services.alerts.recordEvent(
      room,
      { id: 'e-rec-door', type: 'door_open', ts: T0 },
      new Date(T0),
    );
    expect(alert).toBeNull();
    const rows = await t.db
      .selectFrom('room_events')
      .select('type')
      .where('room_id', '=', room.room_id)
      .where('event_id', '=', 'e-rec-door')
      .execute();
    expect(rows).toEqual([{ type: 'door_open' }]);
  });
});
