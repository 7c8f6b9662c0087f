import type auth from './zh/auth';
import type common from './zh/common';
import type errors from './zh/errors';
import type layout from './zh/layout';
import type route from './zh/route';
import type time from './zh/time';

/** Chinese is the reference language: every other language must have exactly its keys. */
export type AuthMessages = Record<keyof typeof auth, string>;
export type CommonMessages = Record<keyof typeof common, string>;
export type ErrorMessages = Record<keyof typeof errors, string>;
export type LayoutMessages = Record<keyof typeof layout, string>;
export type RouteMessages = Record<keyof typeof route, string>;
export type TimeMessages = Record<keyof typeof time, string>;

export type Messages = AuthMessages & CommonMessages & ErrorMessages & LayoutMessages & RouteMessages & TimeMessages;
export type MessageKey = keyof Messages;
