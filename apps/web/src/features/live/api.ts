import type { Alert, DeviceMap, HotelSettings, LiveDeviceState, LiveRoomState } from '@roompilot/contract';
import { http, type RequestOptions } from '../../app/http';

/** `/apis/redisairstate`: the air conditioners of each room. */
export interface RoomAirState {
  room_id: number;
  room_num: string;
  ac: DeviceMap;
}

/** `/apis/roomctrl`: one change per device key, e.g. `{AC1: {set: 22}}`. */
export interface RoomControlBody {
  room_id: number;
  devices: DeviceMap;
}

/** Live state, alerts and device control (API.md "Live state and alerts", "Device control"). */
export const liveApi = {
  roomStates: (body: { building_id?: number; floor_num?: number }) =>
    http.post<LiveRoomState[]>('/redisroomstate', body),
  airStates: (body: { floor_num?: number }) => http.post<RoomAirState[]>('/redisairstate', body),
  deviceState: (roomId: number) => http.post<LiveDeviceState>('/redisdevicestate', { room_id: roomId }),
  /** Polled every 10 s by the shell: quiet, the shell shows a failure itself rather than a toast every 10 s. */
  alerts: (options: RequestOptions = { quiet: true }) =>
    http.post<{ data: Alert[] }>('/redisroomspecialstate', undefined, options),
  confirmAlert: (alert: Alert) => http.post<null>('/delredisroomspecialstate', alert),
  control: (body: RoomControlBody) => http.post<unknown>('/roomctrl', body),
  /** The hotel's alert settings (door open and RCU offline minutes). */
  settings: () => http.post<HotelSettings>('/hotelsettings', {}),
  updateSettings: (body: Partial<HotelSettings>) => http.put<HotelSettings>('/hotelsettingsupdate', body),
};
