import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';

/** Buildings of a hotel: every room belongs to one. Names are unique within a hotel. */
export const FLOOR_MIN = -5;
export const FLOOR_MAX = 200;
export const BUILDING_NAME_MAX = 64;

export const Floor = Type.Integer({ minimum: FLOOR_MIN, maximum: FLOOR_MAX });

export const Building = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  name: Type.String(),
  floor_from: Type.Integer(),
  floor_to: Type.Integer(),
  remark: Type.String(),
  room_count: Type.Integer(),
});
export type Building = Static<typeof Building>;

export const BuildingListBody = Type.Object({ ...PageQuery, ...HotelTarget }, { additionalProperties: false });
export type BuildingListBody = Static<typeof BuildingListBody>;

/** floor_from ≤ floor_to (4400 otherwise). */
export const BuildingAddBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: BUILDING_NAME_MAX }),
    floor_from: Floor,
    floor_to: Floor,
    remark: Type.Optional(Type.String({ maxLength: 256 })),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type BuildingAddBody = Static<typeof BuildingAddBody>;

/** A new floor range may not leave out floors that have rooms (4409). */
export const BuildingUpdateBody = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: BUILDING_NAME_MAX })),
    floor_from: Type.Optional(Floor),
    floor_to: Type.Optional(Floor),
    remark: Type.Optional(Type.String({ maxLength: 256 })),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type BuildingUpdateBody = Static<typeof BuildingUpdateBody>;

/** Refused (4409) while the building has rooms. */
export const BuildingDeleteBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type BuildingDeleteBody = Static<typeof BuildingDeleteBody>;

/** Buildings of a hotel: the Room screen's "Buildings" tab, so pm_roomdetail. */
export const buildingCalls = defineCalls('buildings', {
  list: {
    method: 'POST',
    path: '/buildinglist',
    // The floor view's and the control screens' building pickers read it too: a building's name
    // and floors are no secret to the staff who work the floors.
    access: ['pm_roomdetail', 'pm_dashboard', 'pm_aircontrl', 'pm_roomstatecontrl', 'pm_checkquanxian'],
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's buildings",
    description: 'Each building carries its floor range and room count.',
    body: BuildingListBody,
    response: PageSchema(Building),
  },
  add: {
    method: 'POST',
    path: '/buildingadd',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: 'Add a building',
    description: 'Floors -5..200, floor_from ≤ floor_to. Names are unique within the hotel (4409).',
    body: BuildingAddBody,
    response: Building,
  },
  update: {
    method: 'PUT',
    path: '/buildingupdate',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: 'Rename a building or change its floor range',
    description: 'A new floor range may not leave out floors that have rooms (4409).',
    body: BuildingUpdateBody,
    response: Building,
  },
  remove: {
    method: 'POST',
    path: '/buildingdel',
    access: 'pm_roomdetail',
    write: true,
    hotelScoped: true,
    summary: 'Delete a building; refused (4409) while it has rooms',
    body: BuildingDeleteBody,
    response: Type.Null(),
  },
});
