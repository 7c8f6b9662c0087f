import { PAGE_SIZE_DEFAULT, type Page } from '@roompilot/contract';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RequestOptions } from '../app/http';
import type { PreloadQuery } from '../app/queryClient';

export interface Paging {
  current: number;
  size: number;
}

interface Options<Params extends object, Row> {
  /** The first part of the query key: what a change invalidates (`['hotels']`). */
  key: string;
  /** The page's filters and sorting, sent with the paging. */
  params?: Params;
  fetch: (body: Paging & Params, options?: RequestOptions) => Promise<Page<Row>>;
  pageSize?: number;
}

/** A server-paged list: the page asked for and its query. */
export interface ListQuery<Row> {
  query: UseQueryResult<Page<Row>>;
  page: Paging;
  setPage: (page: Paging) => void;
  /** Back to the first page, as after a change of filters or sorting. */
  firstPage: () => void;
}

/** A page of a list as a query: `[key, body]`, the call with the body. */
export function listQuery<Row, Params extends object>(
  key: string,
  body: Paging & Params,
  fetch: (body: Paging & Params, options?: RequestOptions) => Promise<Page<Row>>,
): PreloadQuery<Page<Row>> {
  return { queryKey: [key, body], queryFn: (options) => (options ? fetch(body, options) : fetch(body)) };
}

/**
 * The query of a list's first page as `useListQuery` makes it when its screen opens (with the
 * screen's initial `params`): what a route preloads.
 */
export function firstPageQuery<Row, Params extends object = object>({
  key,
  params,
  fetch,
  pageSize = PAGE_SIZE_DEFAULT,
}: Options<Params, Row>): PreloadQuery<Page<Row>> {
  return listQuery(key, { current: 1, size: pageSize, ...params } as Paging & Params, fetch);
}

/** One page of a list at a time; the previous page stays on screen while the next one loads. */
export function useListQuery<Row, Params extends object = object>({
  key,
  params,
  fetch,
  pageSize = PAGE_SIZE_DEFAULT,
}: Options<Params, Row>): ListQuery<Row> {
  const [page, setPage] = useState<Paging>({ current: 1, size: pageSize });
  const { queryKey, queryFn } = listQuery(key, { ...page, ...params } as Paging & Params, fetch);
  const query = useQuery({ queryKey, queryFn: () => queryFn(), placeholderData: keepPreviousData });
  return { query, page, setPage, firstPage: () => setPage((current) => ({ ...current, current: 1 })) };
}
