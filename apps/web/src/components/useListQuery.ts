import { PAGE_SIZE_DEFAULT, type Page } from '@roompilot/contract';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

export interface Paging {
  current: number;
  size: number;
}

interface Options<Params extends object, Row> {
  /** The first part of the query key: what a change invalidates (`['hotels']`). */
  key: string;
  /** The page's filters and sorting, sent with the paging. */
  params?: Params;
  fetch: (body: Paging & Params) => Promise<Page<Row>>;
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

/** One page of a list at a time; the previous page stays on screen while the next one loads. */
export function useListQuery<Row, Params extends object = object>({
  key,
  params,
  fetch,
  pageSize = PAGE_SIZE_DEFAULT,
}: Options<Params, Row>): ListQuery<Row> {
  const [page, setPage] = useState<Paging>({ current: 1, size: pageSize });
  const body = { ...page, ...params } as Paging & Params;
  const query = useQuery({ queryKey: [key, body], queryFn: () => fetch(body), placeholderData: keepPreviousData });
  return { query, page, setPage, firstPage: () => setPage((current) => ({ ...current, current: 1 })) };
}
