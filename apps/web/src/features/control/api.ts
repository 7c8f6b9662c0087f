import type {
  AirControlBody,
  ControlResult,
  ParamsResult,
  RcuParams,
  RentState,
  RoomAirState,
} from '@roompilot/contract';
import { http } from '../../app/http';

/** Control of many rooms at once and the parameter query (pm_aircontrl, pm_roomstatecontrl, pm_checkquanxian). */
export const controlApi = {
  airStates: () => http.post<RoomAirState[]>('/redisairstate', {}),
  /** Quiet: the screen shows the result of every room itself, and why the call failed. */
  airControl: (body: AirControlBody) => http.post<ControlResult[]>('/aircontrol', body, { quiet: true }),
  roomStateControl: (body: { room_ids: number[]; rent: RentState }) =>
    http.post<ControlResult[]>('/roomstatecontrol', body, { quiet: true }),
  /** Quiet: an offline RCU or one that does not answer (4408) is explained on the screen. */
  paramsGet: (roomId: number) => http.post<ParamsResult>('/paramsget', { room_id: roomId }, { quiet: true }),
  paramsSet: (roomId: number, params: RcuParams) =>
    http.post<ParamsResult>('/paramsset', { room_id: roomId, params }, { quiet: true }),
};
