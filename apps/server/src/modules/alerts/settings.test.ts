import { ALERT_TYPES, ErrorCode, HOTEL_SETTINGS_DEFAULTS } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/databases.js';

const MINUTE = 60_000;

describeEachDatabase('hotel alert settings', (t) => {
  let manager: string;
  let visitor: string;
  let hotelId: number;

  beforeAll(async () => {
    manager = await t.login('manager');
    visitor = await t.login('visitor');
    hotelId = (await t.call('POST', '/apis/userinfo', { token: manager })).data.hotel_id as number;
  });

  const read = async () => t.call('POST', '/apis/hotelsettings', { token: manager, body: {} });

  it('answers the defaults while the hotel has saved none', async () => {
    const answer = await read();
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual(HOTEL_SETTINGS_DEFAULTS);
  });

  it('saves the given fields, keeps the others, reads them back and logs the change', async () => {
    const saved = await t.call('PUT', '/apis/hotelsettingsupdate', {
      token: manager,
      body: { offline_alert_minutes: 0 },
    });
    expect(saved.code).toBe(0);
    expect(saved.data).toEqual({ door_open_alert_minutes: 10, offline_alert_minutes: 0 });
    const again = await t.call('PUT', '/apis/hotelsettingsupdate', {
      token: manager,
      body: { door_open_alert_minutes: 1440 },
    });
    expect(again.data).toEqual({ door_open_alert_minutes: 1440, offline_alert_minutes: 0 });
    expect((await read()).data).toEqual({ door_open_alert_minutes: 1440, offline_alert_minutes: 0 });
    const logged = await t.db
      .selectFrom('oplog')
      .selectAll()
      .where('action', '=', 'hotel_settings_update')
      .orderBy('id')
      .execute();
    expect(logged).toHaveLength(2);
    const hotel = await t.db
      .selectFrom('hotels')
      .select('hotel_name')
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    // The hotel changed is named by its name, not by its id.
    expect(logged[0]).toMatchObject({ hotel_id: hotelId, user_name: 'manager', target: hotel.hotel_name });
  });

  it('refuses minutes out of 0..1440, fractions and unknown fields (4400), changing nothing', async () => {
    const before = (await read()).data;
    for (const body of [
      { door_open_alert_minutes: 1441 },
      { offline_alert_minutes: -1 },
      { door_open_alert_minutes: 2.5 },
      { door_open_alert_minutes: 3, sos_minutes: 1 },
    ]) {
      const answer = await t.call('PUT', '/apis/hotelsettingsupdate', { token: manager, body });
      expect(answer.code, JSON.stringify(body)).toBe(ErrorCode.invalid);
    }
    expect((await read()).data).toEqual(before);
  });

  it('lets a visitor read the settings but not change them', async () => {
    expect((await t.call('POST', '/apis/hotelsettings', { token: visitor, body: {} })).code).toBe(0);
    const refused = await t.call('PUT', '/apis/hotelsettingsupdate', {
      token: visitor,
      body: { door_open_alert_minutes: 1 },
    });
    expect(refused.code).toBe(4403);
  });

  it('the door-open rule uses the changed minutes from its next sweep', async () => {
    const { live, alerts } = t.app.services;
    const { id, ...room } = await t.db
      .selectFrom('rooms')
      .select(['id', 'hotel_id', 'building_id', 'room_num', 'floor_num'])
      .where('hotel_id', '=', hotelId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const ref = { ...room, room_id: id };
    const doorAlerts = async () =>
      (await alerts.openAlerts(hotelId, 'en')).filter(
        (alert) => alert.room_id === id && alert.type === ALERT_TYPES.door_open_long,
      );
    await live.store.merge(ref, { online: true, door: true }, t.clock());
    await alerts.sweepRules();
    t.clock.advance(2 * MINUTE);
    await alerts.sweepRules();
    expect(await doorAlerts()).toEqual([]); // 1440 minutes saved above

    const changed = await t.call('PUT', '/apis/hotelsettingsupdate', {
      token: manager,
      body: { door_open_alert_minutes: 2 },
    });
    expect(changed.code).toBe(0);
    await alerts.sweepRules();
    expect(await doorAlerts()).toMatchObject([{ event_content: 'Door open for more than 2 min' }]);
  });
});
