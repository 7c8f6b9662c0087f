import type { Messages } from '../types.js';
import airpolicy from './airpolicy.js';
import alerts from './alerts.js';
import auth from './auth.js';
import broker from './broker.js';
import buildings from './buildings.js';
import departments from './departments.js';
import error from './error.js';
import fields from './fields.js';
import guestservice from './guestservice.js';
import hotel from './hotel.js';
import hotels from './hotels.js';
import importRows from './import.js';
import live from './live.js';
import logs from './logs.js';
import modes from './modes.js';
import power from './power.js';
import roles from './roles.js';
import rooms from './rooms.js';
import roomtypes from './roomtypes.js';
import twofactor from './twofactor.js';
import upgrades from './upgrades.js';
import users from './users.js';

/** Every server message in Spanish; the validation rules (validation.ts) are looked up apart. */
const messages: Messages = {
  ...airpolicy,
  ...alerts,
  ...auth,
  ...broker,
  ...buildings,
  ...departments,
  ...error,
  ...fields,
  ...guestservice,
  ...hotel,
  ...hotels,
  ...importRows,
  ...live,
  ...modes,
  ...power,
  ...logs,
  ...roles,
  ...rooms,
  ...roomtypes,
  ...twofactor,
  ...upgrades,
  ...users,
};
export default messages;
