import type { ConsoleRoute } from '@roompilot/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface ScreenProps {
  route: ConsoleRoute;
}

type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>>;

const PlannedPage: LazyScreen = lazy(() => import('../features/planned/PlannedPage'));

/** The built screens by route name, each its own chunk; later issues add theirs here. */
const SCREENS: Readonly<Record<string, LazyScreen>> = {
  pm_hotel: lazy(() => import('../features/hotels/HotelsPage')),
  pm_validdate: lazy(() => import('../features/validity/ValidityPage')),
  pm_roomtype: lazy(() => import('../features/roomtypes/RoomTypesPage')),
  pm_roomtypedevice: lazy(() => import('../features/roomtypes/RoomTypeDevicePage')),
  pm_roomdetail: lazy(() => import('../features/rooms/RoomsPage')),
};

/** A route the contract still marks `planned` shows the "not built yet" page, never a fake screen. */
export function Screen({ route }: ScreenProps) {
  const Component = (!route.planned && SCREENS[route.name]) || PlannedPage;
  return <Component route={route} />;
}
