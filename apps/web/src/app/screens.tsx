import type { ConsoleRoute } from '@roompilot/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { FeatureArea } from '../locales/areas';
import { withStrings } from './i18n';

export interface ScreenProps {
  route: ConsoleRoute;
}

type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>>;

const PlannedPage: LazyScreen = lazy(() => import('../features/planned/PlannedPage'));

/** A screen's chunk together with the string areas it shows. */
const screen = (areas: readonly FeatureArea[], load: () => Promise<{ default: ComponentType<ScreenProps> }>) =>
  lazy(withStrings(areas, load));

/** The built screens by route name, each its own chunk with its strings; later issues add theirs here. */
const SCREENS: Readonly<Record<string, LazyScreen>> = {
  pm_dashboard: screen(['dashboard', 'live'], () => import('../features/dashboard/DashboardPage')),
  pm_roomctrl: screen(['roomctrl', 'live'], () => import('../features/roomctrl/RoomCtrlPage')),
  pm_hotel: screen(['hotels', 'validity'], () => import('../features/hotels/HotelsPage')),
  pm_validdate: screen(['validity', 'hotels'], () => import('../features/validity/ValidityPage')),
  pm_roomtype: screen(['roomtypes'], () => import('../features/roomtypes/RoomTypesPage')),
  pm_roomtypedevice: screen(['roomtypes'], () => import('../features/roomtypes/RoomTypeDevicePage')),
  pm_roomdetail: screen(['rooms', 'buildings'], () => import('../features/rooms/RoomsPage')),
  pm_aircontrl: screen(['control', 'live'], () => import('../features/control/AirControlPage')),
  pm_roomstatecontrl: screen(['control', 'live'], () => import('../features/control/RoomStateControlPage')),
  pm_checkquanxian: screen(['control', 'live'], () => import('../features/control/ParamsPage')),
};

/** A route the contract still marks `planned` shows the "not built yet" page, never a fake screen. */
export function Screen({ route }: ScreenProps) {
  const Component = (!route.planned && SCREENS[route.name]) || PlannedPage;
  return <Component route={route} />;
}
