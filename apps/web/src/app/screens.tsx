import type { ConsoleRoute } from '@roompilot/contract';
import type { ComponentType } from 'react';
import type { FeatureArea } from '../locales/areas';
import { withStrings } from './i18n';
import { preloadable } from './preloadable';
import { queryClient } from './queryClient';
import { preloadFirstQueries } from './screenQueries';

export interface ScreenProps {
  route: ConsoleRoute;
}

type LoadScreen = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** Each screen's chunk with its strings, loaded once: by the route's preload or its first render. */
const loaders: Record<string, LoadScreen> = {};

/**
 * A screen's chunk together with the string areas it shows. Its first render (a link followed in
 * the console) also starts the screen's first queries, so they load alongside the chunk; a screen
 * preloaded at the console's start renders at once (see preloadable).
 */
const screen = (name: string, areas: readonly FeatureArea[], load: LoadScreen) => {
  const { Component, load: loadOnce } = preloadable(withStrings(areas, load), () => {
    void preloadFirstQueries(queryClient, name, window.location.search);
  });
  loaders[name] = loadOnce;
  return Component;
};

/** The built screens by route name, each its own chunk with its strings; later issues add theirs here. */
const SCREENS: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  pm_dashboard: screen('pm_dashboard', ['dashboard', 'live'], () => import('../features/dashboard/DashboardPage')),
  pm_roomctrl: screen('pm_roomctrl', ['roomctrl', 'live', 'modes'], () => import('../features/roomctrl/RoomCtrlPage')),
  pm_hotel: screen('pm_hotel', ['hotels', 'validity'], () => import('../features/hotels/HotelsPage')),
  pm_validdate: screen('pm_validdate', ['validity', 'hotels'], () => import('../features/validity/ValidityPage')),
  pm_roomtype: screen('pm_roomtype', ['roomtypes'], () => import('../features/roomtypes/RoomTypesPage')),
  pm_roomtypedevice: screen(
    'pm_roomtypedevice',
    ['roomtypes'],
    () => import('../features/roomtypes/RoomTypeDevicePage'),
  ),
  pm_roomdetail: screen('pm_roomdetail', ['rooms', 'buildings'], () => import('../features/rooms/RoomsPage')),
  pm_aircontrl: screen('pm_aircontrl', ['control', 'live'], () => import('../features/control/AirControlPage')),
  pm_roomstatecontrl: screen(
    'pm_roomstatecontrl',
    ['control', 'live', 'modes'],
    () => import('../features/control/RoomStateControlPage'),
  ),
  pm_checkquanxian: screen('pm_checkquanxian', ['control', 'live'], () => import('../features/control/ParamsPage')),
  pm_model: screen('pm_model', ['modes', 'live'], () => import('../features/modes/ModesPage')),
  pm_logstatistics: screen('pm_logstatistics', ['logs'], () => import('../features/logs/LogStatisticsPage')),
  pm_powerstatistics: screen('pm_powerstatistics', ['power'], () => import('../features/power/PowerStatisticsPage')),
  pm_config: screen('pm_config', ['airpolicy', 'live'], () => import('../features/airpolicy/AirPolicyPage')),
  pm_goods: screen('pm_goods', ['guestservice'], () => import('../features/guestservice/GoodsPage')),
  pm_question: screen('pm_question', ['guestservice'], () => import('../features/guestservice/QuestionsPage')),
  pm_welcome: screen('pm_welcome', ['guestservice'], () => import('../features/guestservice/WelcomePage')),
  pm_user: screen('pm_user', ['users'], () => import('../features/users/UsersPage')),
  pm_dept: screen('pm_dept', ['departments', 'users'], () => import('../features/departments/DepartmentsPage')),
  pm_role: screen('pm_role', ['roles'], () => import('../features/roles/RolesPage')),
  // The four upgrade screens: one component, each route its own kind of file.
  pm_upgradebinfile: screen(
    'pm_upgradebinfile',
    ['upgrades', 'control', 'live'],
    () => import('../features/upgrades/UpgradesPage'),
  ),
  pm_upgradeconfigfile: screen(
    'pm_upgradeconfigfile',
    ['upgrades', 'control', 'live'],
    () => import('../features/upgrades/UpgradesPage'),
  ),
  pm_infrared: screen(
    'pm_infrared',
    ['upgrades', 'control', 'live'],
    () => import('../features/upgrades/UpgradesPage'),
  ),
  pm_upgradepara: screen(
    'pm_upgradepara',
    ['upgrades', 'control', 'live'],
    () => import('../features/upgrades/UpgradesPage'),
  ),
};

/**
 * Starts a route's screen before it renders: its chunk and strings, and its first queries (the
 * console's start does this as soon as the user info says which screen the address shows); settles
 * once all of them are in or have failed.
 */
export function preloadScreen(route: ConsoleRoute, search: string): Promise<unknown> {
  return Promise.all([preloadFirstQueries(queryClient, route.name, search), loaders[route.name]?.().catch(() => {})]);
}

/** Starts a route's chunk and strings only (no query: who may see the screen is not known yet). */
export function preloadScreenCode(route: ConsoleRoute): void {
  void loaders[route.name]?.().catch(() => {});
}

/** Whether the console has a screen for a route of the contract (every route has: see screens.test.ts). */
export function hasScreen(name: string): boolean {
  return name in SCREENS;
}

export function Screen({ route }: ScreenProps) {
  const Component = SCREENS[route.name] as ComponentType<ScreenProps>;
  return <Component route={route} />;
}
