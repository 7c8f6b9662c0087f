import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id } from './envelope.js';

/**
 * Departments of a hotel (pm_dept): a tree (`parent_id` null at the top), siblings in `sort` order
 * then by name, each with its users counted. A department is deleted only once it has neither
 * users nor departments below it (4409). The user screen's department picker reads the list too,
 * so holders of pm_user may list them.
 */
export const DEPARTMENT_NAME_MAX = 64;
/** Departments one hotel may have: the whole tree goes to the console in one answer. */
export const DEPARTMENTS_PER_HOTEL_MAX = 500;
/** Levels of the tree (a department at the top is level 1). */
export const DEPARTMENT_DEPTH_MAX = 8;
export const DEPARTMENT_SORT_MAX = 9999;

export const Department = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  sort: Type.Integer(),
  /** Users in this department itself. */
  user_count: Type.Integer(),
  /** Users in this department and every department below it. */
  user_total: Type.Integer(),
  created_at: Type.String(),
});
export type Department = Static<typeof Department>;

export const DepartmentList = Type.Object({ records: Type.Array(Department), total: Type.Integer() });
export type DepartmentList = Static<typeof DepartmentList>;

export const DepartmentListBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });
export type DepartmentListBody = Static<typeof DepartmentListBody>;

const Name = Type.String({ minLength: 1, maxLength: DEPARTMENT_NAME_MAX });
/** null: at the top of the tree. */
const Parent = Type.Union([Id, Type.Null()]);
const Sort = Type.Integer({ minimum: 0, maximum: DEPARTMENT_SORT_MAX });

/** Names are unique among siblings (4409). */
export const DepartmentAddBody = Type.Object(
  { name: Name, parent_id: Type.Optional(Parent), sort: Type.Optional(Sort), ...HotelTarget },
  { additionalProperties: false },
);
export type DepartmentAddBody = Static<typeof DepartmentAddBody>;

/** Renames or moves a department (with everything below it); never below itself (4409). */
export const DepartmentUpdateBody = Type.Object(
  {
    id: Id,
    name: Type.Optional(Name),
    parent_id: Type.Optional(Parent),
    sort: Type.Optional(Sort),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type DepartmentUpdateBody = Static<typeof DepartmentUpdateBody>;

export const DepartmentDeleteBody = Type.Object({ id: Id, ...HotelTarget }, { additionalProperties: false });
export type DepartmentDeleteBody = Static<typeof DepartmentDeleteBody>;

export const departmentCalls = defineCalls('departments', {
  list: {
    method: 'POST',
    path: '/sys_dept/query',
    access: ['pm_dept', 'pm_user'],
    write: false,
    hotelScoped: true,
    summary: "The hotel's whole department tree (flat, by parent_id), with its users counted",
    body: DepartmentListBody,
    response: DepartmentList,
  },
  add: {
    method: 'POST',
    path: '/sys_dept',
    access: 'pm_dept',
    write: true,
    hotelScoped: true,
    summary: 'Add a department, at the top or below another',
    body: DepartmentAddBody,
    response: Department,
  },
  update: {
    method: 'PATCH',
    path: '/sys_dept/info',
    access: 'pm_dept',
    write: true,
    hotelScoped: true,
    summary: 'Rename, reorder or move a department',
    body: DepartmentUpdateBody,
    response: Department,
  },
  remove: {
    method: 'DELETE',
    path: '/sys_dept',
    access: 'pm_dept',
    write: true,
    hotelScoped: true,
    summary: 'Delete a department; refused (4409) while it has users or departments below it',
    body: DepartmentDeleteBody,
    response: Type.Null(),
  },
});
