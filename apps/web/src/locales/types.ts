import type airpolicy from './zh/airpolicy';
import type alerts from './zh/alerts';
import type auth from './zh/auth';
import type buildings from './zh/buildings';
import type common from './zh/common';
import type control from './zh/control';
import type dashboard from './zh/dashboard';
import type departments from './zh/departments';
import type errors from './zh/errors';
import type guestservice from './zh/guestservice';
import type hotels from './zh/hotels';
import type layout from './zh/layout';
import type live from './zh/live';
import type logs from './zh/logs';
import type modes from './zh/modes';
import type power from './zh/power';
import type roles from './zh/roles';
import type roomctrl from './zh/roomctrl';
import type rooms from './zh/rooms';
import type roomtypes from './zh/roomtypes';
import type route from './zh/route';
import type time from './zh/time';
import type twofactor from './zh/twofactor';
import type upgrades from './zh/upgrades';
import type users from './zh/users';
import type validity from './zh/validity';

/** Chinese is the reference language: every other language must have exactly its keys. */
export type AirPolicyMessages = Record<keyof typeof airpolicy, string>;
export type AlertsMessages = Record<keyof typeof alerts, string>;
export type AuthMessages = Record<keyof typeof auth, string>;
export type BuildingsMessages = Record<keyof typeof buildings, string>;
export type CommonMessages = Record<keyof typeof common, string>;
export type ControlMessages = Record<keyof typeof control, string>;
export type DashboardMessages = Record<keyof typeof dashboard, string>;
export type DepartmentsMessages = Record<keyof typeof departments, string>;
export type ErrorMessages = Record<keyof typeof errors, string>;
export type GuestServiceMessages = Record<keyof typeof guestservice, string>;
export type HotelsMessages = Record<keyof typeof hotels, string>;
export type LayoutMessages = Record<keyof typeof layout, string>;
export type LiveMessages = Record<keyof typeof live, string>;
export type ModesMessages = Record<keyof typeof modes, string>;
export type LogsMessages = Record<keyof typeof logs, string>;
export type PowerMessages = Record<keyof typeof power, string>;
export type RolesMessages = Record<keyof typeof roles, string>;
export type RoomCtrlMessages = Record<keyof typeof roomctrl, string>;
export type RoomsMessages = Record<keyof typeof rooms, string>;
export type RoomTypesMessages = Record<keyof typeof roomtypes, string>;
export type RouteMessages = Record<keyof typeof route, string>;
export type TimeMessages = Record<keyof typeof time, string>;
export type TwoFactorMessages = Record<keyof typeof twofactor, string>;
export type UpgradesMessages = Record<keyof typeof upgrades, string>;
export type UsersMessages = Record<keyof typeof users, string>;
export type ValidityMessages = Record<keyof typeof validity, string>;

/** The shell's strings: loaded with the app (see areas.ts). */
export type ShellMessages = AuthMessages &
  CommonMessages &
  ErrorMessages &
  LayoutMessages &
  RouteMessages &
  TimeMessages;

/** Every string, whichever area it loads with: what `t()` accepts. */
export type Messages = ShellMessages &
  AirPolicyMessages &
  AlertsMessages &
  BuildingsMessages &
  ControlMessages &
  DashboardMessages &
  DepartmentsMessages &
  GuestServiceMessages &
  LiveMessages &
  ModesMessages &
  LogsMessages &
  PowerMessages &
  RolesMessages &
  RoomCtrlMessages &
  HotelsMessages &
  RoomsMessages &
  RoomTypesMessages &
  UpgradesMessages &
  TwoFactorMessages &
  UsersMessages &
  ValidityMessages;
export type MessageKey = keyof Messages;
