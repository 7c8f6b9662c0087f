import { PAGE_SIZE_MAX } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

const ALL_BUILDINGS = { current: 1, size: PAGE_SIZE_MAX };

/** The hotel's buildings for selects and filters (a hotel has far fewer than a page of 500). */
export function useBuildings() {
  return useQuery({ queryKey: ['buildings', ALL_BUILDINGS], queryFn: () => api.buildings.list(ALL_BUILDINGS) });
}

/** The hotel's room types as `{id, name}`. */
export function useRoomTypeOptions() {
  return useQuery({ queryKey: ['roomtypeoptions'], queryFn: () => api.roomTypes.options() });
}
