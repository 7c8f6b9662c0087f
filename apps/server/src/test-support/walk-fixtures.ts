import { ID_MAX } from '@roompilot/contract';
/**
 * How the route walk calls a call with ids of another hotel's rows: `body` builds a valid body from the walk fixture's ids (`role_id`, …). Without
 * it the walk builds one from the body schema.
 */
export interface RouteWalk {
  body?: (ids: Readonly<Record<string, number>>) => Record<string, unknown>;
  /** The call ends the caller's session (logout): the walk gives it a session of its own. */
  endsSession?: boolean;
  /** Success answers a file (an export), not an envelope: the walk accepts a 200 attachment. */
  answersFile?: boolean;
  /** The call takes multipart/form-data (an import): the walk sends this form, aimed at hotel A's rows. */
  multipart?: (ids: Readonly<Record<string, number>>) => WalkForm;
}

/** A multipart form of the walk: text fields and one file. */
export interface WalkForm {
  fields: Record<string, string>;
  file?: { filename: string; content: string | Buffer };
}

/** A room type's device template of the walk. */
const WALK_DEVICES = [{ key: 'L1', kind: 'light', name: 'walk light' }];

/**
 * How the route walk (route-walk.test.ts) calls each call of the table, by `domain.name`: a body
 * aimed at hotel A's rows (ids from `seedHotelA`), the form of an upload, a call that ends its
 * session. A call without an entry gets a body built from its schema.
 */
export const WALK_FIXTURES: Readonly<Record<string, RouteWalk>> = {
  'auth.logout': { endsSession: true },
  'roles.list': { body: () => ({ current: 1, size: 500 }) },
  'roles.add': { body: () => ({ name: 'walk role', perms: ['pm_dashboard'] }) },
  'roles.update': { body: (ids) => ({ id: ids.role_id, name: 'taken over', perms: ['*'] }) },
  'roles.remove': { body: (ids) => ({ id: ids.unused_role_id }) },
  'oplog.query': { body: () => ({ current: 1, size: 500 }) },
  'hotels.update': { body: (ids) => ({ hotel_id: ids.spare_hotel_id }) },
  'hotels.remove': { body: () => ({ hotel_id: ID_MAX }) },
  'hotels.validityUpdate': { body: (ids) => ({ hotel_id: ids.spare_hotel_id, validdate: '2999-12-31' }) },
  'buildings.list': { body: () => ({ current: 1, size: 500 }) },
  'buildings.add': { body: () => ({ name: 'walk building', floor_from: 1, floor_to: 3 }) },
  'buildings.update': { body: (ids) => ({ id: ids.building_id, name: 'taken over' }) },
  'buildings.remove': { body: (ids) => ({ id: ids.empty_building_id }) },
  'rooms.list': { body: () => ({ current: 1, size: 500 }) },
  'rooms.add': {
    body: (ids) => ({ room_num: 'W1', floor_num: 1, room_type_id: ids.room_type_id, rcu_id: 'WALKB1' }),
  },
  'rooms.bulkAdd': {
    body: (ids) => ({ floors: [1, 1], rooms: [1, 2], room_type_id: ids.room_type_id, pattern: 'W{floor}{room:2}' }),
  },
  'rooms.update': { body: (ids) => ({ id: ids.room_id, remark: 'taken over' }) },
  'rooms.remove': { body: (ids) => ({ ids: [ids.room_id, ids.other_room_id] }) },
  'rooms.regenerateKey': { body: (ids) => ({ id: ids.room_id }) },
  'rooms.export': { answersFile: true },
  'rooms.exportKeys': { answersFile: true },
  'rooms.template': { answersFile: true },
  'rooms.import': {
    multipart: (ids) => ({
      fields: { building_id: String(ids.building_id) },
      file: { filename: 'walk.csv', content: `room_num,floor_num,building,room_type,rcu_id\r\nW9,1,,walk,WALKB9\r\n` },
    }),
  },
  'room types.list': { body: () => ({ current: 1, size: 500 }) },
  'room types.detail': { body: (ids) => ({ id: ids.room_type_id }) },
  'room types.add': { body: () => ({ name: 'walk type', devices: WALK_DEVICES }) },
  'room types.update': { body: (ids) => ({ id: ids.room_type_id, name: 'taken over' }) },
  'room types.saveDevices': { body: (ids) => ({ id: ids.room_type_id, devices: WALK_DEVICES }) },
  'room types.remove': { body: (ids) => ({ id: ids.unused_room_type_id }) },
  'live.roomStates': { body: () => ({}) },
  'live.deviceState': { body: (ids) => ({ room_id: ids.room_id }) },
  'live.roomDevices': { body: () => ({}) },
  'live.airStates': { body: () => ({}) },
  'control.room': { body: (ids) => ({ room_id: ids.room_id, devices: { L1: { on: true } } }) },
  'control.air': { body: (ids) => ({ room_ids: [ids.room_id], ac: { on: true } }) },
  'control.rent': { body: (ids) => ({ room_ids: [ids.room_id], rent: 'checked_in' }) },
  'control.readParams': { body: (ids) => ({ room_id: ids.room_id }) },
  'control.writeParams': { body: (ids) => ({ room_id: ids.room_id, params: { walk: 1 } }) },
  'alerts.history': { body: () => ({ current: 1, size: 500 }) },
  'alerts.confirm': { body: (ids) => ({ id: ids.alert_id }) },
  'alerts.updateSettings': { body: () => ({ door_open_alert_minutes: 15 }) },
  'modes.roomTypes': { body: () => ({}) },
  'modes.list': { body: (ids) => ({ room_type_id: ids.room_type_id }) },
  'modes.add': {
    body: (ids) => ({ room_type_id: ids.room_type_id, name: 'walk mode', devices: { L1: { on: true } } }),
  },
  'modes.update': { body: (ids) => ({ id: ids.mode_id, name: 'taken over', devices: { L1: { on: false } } }) },
  'modes.remove': { body: (ids) => ({ id: ids.mode_id }) },
  'modes.saveSettings': { body: (ids) => ({ room_type_id: ids.room_type_id, leave_delay_min: 0 }) },
  'modes.apply': { body: (ids) => ({ room_ids: [ids.room_id], mode: 'welcome' }) },
  'power.statistics': { body: () => ({ from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z', interval: 'hour' }) },
  'power.top': { body: () => ({ from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' }) },
  'power.saving': { body: () => ({ from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' }) },
  'power.export': {
    answersFile: true,
    body: () => ({ from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z', interval: 'hour', format: 'csv' }),
  },
  'logs.events': { body: (ids) => ({ current: 1, size: 500, filter: { room_id: ids.room_id } }) },
  'logs.eventExport': { body: () => ({ format: 'csv' }), answersFile: true },
  'logs.operationExport': { body: () => ({ format: 'csv' }), answersFile: true },
  'logs.updateRetention': { body: () => ({ event_days: 30 }) },
  'airPolicy.update': { body: () => ({ card_out_setback_min: 5 }) },
  'upgrades.fileAdd': {
    multipart: () => ({ fields: { kind: 'bin', version: 'walk-2' }, file: { filename: 'walk.bin', content: 'walk' } }),
  },
  'upgrades.paramAdd': { body: () => ({ version: 'walk-p2', params: { night_light: 1 } }) },
  'upgrades.fileList': { body: () => ({ current: 1, size: 500 }) },
  'upgrades.fileParams': { body: (ids) => ({ id: ids.upgrade_param_file_id }) },
  'upgrades.fileRemove': { body: (ids) => ({ id: ids.upgrade_param_file_id }) },
  'upgrades.jobAdd': { body: (ids) => ({ file_id: ids.upgrade_file_id, room_ids: [ids.other_room_id] }) },
  'upgrades.jobList': { body: () => ({ current: 1, size: 500 }) },
  'upgrades.jobDetail': { body: (ids) => ({ id: ids.upgrade_job_id }) },
  'upgrades.jobRetry': { body: (ids) => ({ id: ids.upgrade_job_id }) },
  'upgrades.jobCancel': { body: (ids) => ({ id: ids.upgrade_job_id }) },
  'upgrades.jobPause': { body: (ids) => ({ id: ids.upgrade_job_id }) },
  'upgrades.jobResume': { body: (ids) => ({ id: ids.upgrade_job_id }) },
  'guestservice.goodsList': { body: () => ({ current: 1, size: 500 }) },
  'guestservice.goodsAdd': { body: () => ({ name: 'walk goods', number: 1, type: 'food', price: 100 }) },
  'guestservice.goodsUpdate': { body: (ids) => ({ id: ids.goods_id, name: 'taken over', price: 0 }) },
  'guestservice.goodsRemove': { body: (ids) => ({ ids: [ids.goods_id] }) },
  'guestservice.questionList': { body: () => ({ current: 1, size: 500 }) },
  'guestservice.questionAdd': { body: () => ({ question: 'walk question', reply: 'walk reply', type: 'other' }) },
  'guestservice.questionUpdate': { body: (ids) => ({ id: ids.question_id, reply: 'taken over' }) },
  'guestservice.questionRemove': { body: (ids) => ({ ids: [ids.question_id] }) },
  'twoFactor.reset': { body: (ids) => ({ id: ids.two_factor_user_id }) },
  'users.list': { body: () => ({ current: 1, size: 500 }) },
  'users.legacyList': { body: () => ({ current: 1, size: 500 }) },
  'users.add': { body: () => ({ user_name: 'walk_new', password: 'walk-pass-1' }) },
  'users.legacyAdd': { body: () => ({ user_name: 'walk_old', password: 'walk-pass-1' }) },
  'users.update': { body: (ids) => ({ id: ids.user_id, nick_name: 'taken over', state: 'disabled' }) },
  'users.legacyUpdate': { body: (ids) => ({ id: ids.user_id, nick_name: 'taken over', state: 'disabled' }) },
  'users.setRoles': { body: (ids) => ({ id: ids.user_id, role_ids: [ids.role_id] }) },
  'users.remove': { body: (ids) => ({ ids: [ids.user_id] }) },
  'users.legacyRemove': { body: (ids) => ({ ids: [ids.user_id] }) },
  'users.resetPassword': { body: (ids) => ({ id: ids.user_id, password: 'taken-over-1' }) },
  'departments.list': { body: () => ({}) },
  'departments.add': { body: (ids) => ({ name: 'walk dept', parent_id: ids.dept_id }) },
  'departments.update': { body: (ids) => ({ id: ids.dept_id, name: 'taken over', parent_id: null }) },
  'departments.remove': { body: (ids) => ({ id: ids.empty_dept_id }) },
};
