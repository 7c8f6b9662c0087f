import type { SiteInfo } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The product's own name, until `GET /apis/site` answers. */
export const PRODUCT_NAME = 'RoomPilot';

/** Quiet: the footer is not worth an error toast. */
const getSite = (): Promise<SiteInfo> => api.site.info(undefined, { quiet: true });

export function useSite() {
  return useQuery({ queryKey: ['site'], queryFn: getSite, staleTime: Number.POSITIVE_INFINITY, retry: 1 });
}
