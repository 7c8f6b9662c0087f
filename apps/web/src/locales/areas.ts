/**
 * The string areas (one file per area and language). The shell's areas load with the app, before
 * the first render; a feature's areas load with the lazy screen that uses them, so the login page
 * does not download every screen's strings.
 */
export const SHELL_AREAS = ['auth', 'common', 'errors', 'layout', 'route', 'time'] as const;
export const FEATURE_AREAS = [
  'airpolicy',
  'alerts',
  'buildings',
  'control',
  'dashboard',
  'departments',
  'guestservice',
  'hotels',
  'live',
  'modes',
  'logs',
  'power',
  'roles',
  'roomctrl',
  'rooms',
  'roomtypes',
  'twofactor',
  'upgrades',
  'users',
  'validity',
] as const;
export type ShellArea = (typeof SHELL_AREAS)[number];
export type FeatureArea = (typeof FEATURE_AREAS)[number];
