import type { Page, Validity, ValidityListBody, ValidityUpdateBody } from '@roompilot/contract';
import { http } from '../../app/http';

/** Hotels' service periods (the Administrator's pm_validdate screen). */
export const validityApi = {
  list: (body: ValidityListBody) => http.post<Page<Validity>>('/validdatelist', body),
  update: (body: ValidityUpdateBody) => http.put<Validity>('/validdateupdate', body),
};
