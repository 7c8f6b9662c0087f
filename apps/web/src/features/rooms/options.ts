import { useQuery } from '@tanstack/react-query';
import { asQuery, roomBuildingsQuery, roomTypeOptionsQuery } from '../../app/screenQueries';

/** The hotel's buildings for selects and filters (a hotel has far fewer than a page of 500). */
export function useBuildings() {
  return useQuery(asQuery(roomBuildingsQuery()));
}

/** The hotel's room types as `{id, name}`. */
export function useRoomTypeOptions() {
  return useQuery(asQuery(roomTypeOptionsQuery()));
}
