import { type BasicRoom, PAGE_SIZE_MAX } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import type { TargetRoom } from './targets';

const ALL = { current: 1, size: PAGE_SIZE_MAX };

/**
 * What the pickers offer besides floors: room types and buildings, and which room has which. They
 * need the room screens' key; read quietly, so without it the screen offers floors and a selection.
 */
export function useControlRooms() {
  const basic = useQuery({
    queryKey: ['rooms', 'basic', 'quiet'],
    queryFn: () => api.rooms.basic({}, { quiet: true }),
  });
  const types = useQuery({
    queryKey: ['roomtypeoptions', 'quiet'],
    queryFn: () => api.roomTypes.options({}, { quiet: true }),
  });
  const buildings = useQuery({
    queryKey: ['buildings', ALL, 'quiet'],
    queryFn: () => api.buildings.list(ALL, { quiet: true }),
  });
  return {
    byId: new Map((basic.data?.records ?? []).map((room) => [room.id, room])),
    types: basic.data && types.data ? types.data : null,
    buildings: basic.data && buildings.data ? buildings.data.records : null,
  };
}

/** A live row with its type and building when the room list is readable. */
export function toTargetRoom(
  row: { room_id: number; floor_num: number },
  byId: ReadonlyMap<number, BasicRoom>,
): TargetRoom {
  const room = byId.get(row.room_id);
  return room
    ? { room_id: row.room_id, floor_num: row.floor_num, room_type_id: room.room_type_id, building_id: room.building_id }
    : { room_id: row.room_id, floor_num: row.floor_num };
}
