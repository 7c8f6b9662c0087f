import type {
  AllRoomsBody,
  BasicRoom,
  Page,
  Room,
  RoomAddBody,
  RoomDeleteBody,
  RoomExportBody,
  RoomFileFormat,
  RoomImportResult,
  RoomKeyBody,
  RoomKeyExportBody,
  RoomListBody,
  RoomsAddBody,
  RoomsAddResult,
  RoomUpdateBody,
} from '@roompilot/contract';
import { http } from '../../app/http';

/** The rooms of the caller's hotel (API.md "Rooms"), with import and export. */
export const roomsApi = {
  list: (body: RoomListBody) => http.post<Page<Room>>('/roomlist', body),
  /** Every room as `{id, room_num, floor_num, building_id, room_type_id}`, without paging. */
  basic: (body: AllRoomsBody = {}) => http.post<{ records: BasicRoom[]; total: number }>('/basicroomlist', body),
  add: (body: RoomAddBody) => http.post<Room>('/roomadd', body),
  addMany: (body: RoomsAddBody) => http.post<RoomsAddResult>('/roomsadd', body),
  update: (body: RoomUpdateBody) => http.put<Room>('/update', body),
  remove: (body: RoomDeleteBody) => http.post<{ deleted: number }>('/roomdel', body),
  regenerateKey: (body: RoomKeyBody) => http.post<{ device_key: string }>('/roomkey', body),
  exportFile: (body: RoomExportBody) => http.download('/roomexport', body),
  /** The device keys as CSV (rcu_id, device_key, …): for RCU provisioning and `npm run sim -- --keys`. */
  exportKeys: (body: RoomKeyExportBody) => http.download('/roomkeyexport', body),
  template: (format: RoomFileFormat) => http.download('/roomtemplate', { format }),
  /** Quiet: a refusal with bad rows (4400) is shown as a table of the rows, not a toast. */
  importFile: (file: File, buildingId?: number) => {
    const form = new FormData();
    if (buildingId !== undefined) form.append('building_id', String(buildingId));
    form.append('file', file, file.name);
    return http.upload<RoomImportResult>('/roomimport', form, { quiet: true });
  },
};
