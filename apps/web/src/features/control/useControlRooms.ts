import type { BasicRoom } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { useMayCall } from '../../app/permissions';
import { controlRoomsQueries } from '../../app/screenQueries';
import type { TargetRoom } from './targets';

/**
 * What the pickers offer besides floors: room types and buildings, and which room has which. They
 * need the room screens' key: without it nothing is asked for (no refusal in the browser's log),
 * and the screen offers floors and a selection.
 */
export function useControlRooms() {
  const queries = controlRoomsQueries();
  const enabled = useMayCall('rooms.basic').allowed;
  const basic = useQuery({ ...queries.basic, enabled });
  const types = useQuery({ ...queries.types, enabled });
  const buildings = useQuery({ ...queries.buildings, enabled });
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
