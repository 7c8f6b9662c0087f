import type { ShellMessages } from '../types';
import auth from './auth';
import common from './common';
import errors from './errors';
import layout from './layout';
import route from './route';
import time from './time';

/** The shell's strings, loaded before the first render; each screen loads its own areas (areas.ts). */
const messages: ShellMessages = { ...auth, ...common, ...errors, ...layout, ...route, ...time };
export default messages;
