import type {
  Page,
  RoomType,
  RoomTypeAddBody,
  RoomTypeDeleteBody,
  RoomTypeDetailBody,
  RoomTypeDevicesBody,
  RoomTypeListBody,
  RoomTypeOption,
  RoomTypeUpdateBody,
} from '@roompilot/contract';
import { http } from '../../app/http';

/** Room types and their device templates. */
export const roomTypesApi = {
  list: (body: RoomTypeListBody) => http.post<Page<RoomType>>('/roomtype', body),
  /** Every type as `{id, name}`, for the rooms screen's selects (pm_roomdetail). */
  options: () => http.post<RoomTypeOption[]>('/roomtypeoptions', {}),
  /** One type with its devices, for the device editor (pm_roomdetail). */
  detail: (body: RoomTypeDetailBody) => http.post<RoomType>('/roomtypedetail', body),
  add: (body: RoomTypeAddBody) => http.post<RoomType>('/roomtypeadd', body),
  update: (body: RoomTypeUpdateBody) => http.put<RoomType>('/roomtypeupdate', body),
  saveDevices: (body: RoomTypeDevicesBody) => http.put<RoomType>('/roomtypedevices', body),
  remove: (body: RoomTypeDeleteBody) => http.post<null>('/roomtypedel', body),
};
