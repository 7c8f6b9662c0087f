import type { SiteInfo } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from './http';

/** The product's own name, until `GET /apis/site` answers. */
export const PRODUCT_NAME = 'RoomPilot';

export const siteApi = {
  /** Quiet: the footer is not worth an error toast. */
  get: () => http.get<SiteInfo>('/site', { quiet: true }),
};

export function useSite() {
  return useQuery({ queryKey: ['site'], queryFn: siteApi.get, staleTime: Number.POSITIVE_INFINITY, retry: 1 });
}
