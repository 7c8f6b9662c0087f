import type { Messages } from '../types';
import auth from './auth';
import common from './common';
import errors from './errors';
import layout from './layout';
import route from './route';
import time from './time';

const messages: Messages = { ...auth, ...common, ...errors, ...layout, ...route, ...time };
export default messages;
