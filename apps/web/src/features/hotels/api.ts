import type { Hotel, HotelAddBody, HotelDeleteBody, HotelListBody, HotelUpdateBody, Page } from '@roompilot/contract';
import { http } from '../../app/http';

/** The Administrator's hotel calls (API.md "Hotels"). */
export const hotelsApi = {
  list: (body: HotelListBody) => http.post<Page<Hotel>>('/hotellist', body),
  add: (body: HotelAddBody) => http.post<Hotel>('/hoteladd', body),
  update: (body: HotelUpdateBody) => http.put<Hotel>('/hotelupdate', body),
  /** Quiet: a refusal because the hotel has rooms (4409) leads to the forced-delete dialog, not a toast. */
  remove: (body: HotelDeleteBody) => http.post<null>('/hoteldel', body, { quiet: true }),
};
