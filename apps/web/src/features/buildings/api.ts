import type {
  Building,
  BuildingAddBody,
  BuildingDeleteBody,
  BuildingListBody,
  BuildingUpdateBody,
  Page,
} from '@roompilot/contract';
import { http } from '../../app/http';

/** A hotel's buildings; managed in the Buildings tab of the rooms screen. */
export const buildingsApi = {
  list: (body: BuildingListBody) => http.post<Page<Building>>('/buildinglist', body),
  add: (body: BuildingAddBody) => http.post<Building>('/buildingadd', body),
  update: (body: BuildingUpdateBody) => http.put<Building>('/buildingupdate', body),
  remove: (body: BuildingDeleteBody) => http.post<null>('/buildingdel', body),
};
