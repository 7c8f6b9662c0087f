import type { Messages } from '../types';
import auth from './auth';
import buildings from './buildings';
import common from './common';
import errors from './errors';
import hotels from './hotels';
import layout from './layout';
import rooms from './rooms';
import roomtypes from './roomtypes';
import route from './route';
import time from './time';
import validity from './validity';

const messages: Messages = {
  ...auth,
  ...buildings,
  ...common,
  ...errors,
  ...hotels,
  ...layout,
  ...rooms,
  ...roomtypes,
  ...route,
  ...time,
  ...validity,
};
export default messages;
