import { type Query, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { RequestOptions } from './http';

/**
 * How long an answer a preload fetched counts as fresh for the first screen that shows it: the
 * screen mounting right after its route was preloaded uses that answer instead of asking again.
 */
export const PRELOAD_FRESH_MS = 10_000;

/** The query's hash → `dataUpdatedAt` of the answer a preload fetched for it. */
const preloaded = new WeakMap<QueryClient, Map<string, number>>();

function preloadedOf(client: QueryClient): Map<string, number> {
  let map = preloaded.get(client);
  if (!map) {
    map = new Map();
    preloaded.set(client, map);
  }
  return map;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // The http client already tells the user about failures; retrying would repeat the toast.
        retry: false,
        refetchOnWindowFocus: false,
        // As by default (refetch when stale), except for an answer a preload has just fetched.
        refetchOnMount: (query: Query) => {
          const at = preloadedOf(client).get(query.queryHash);
          return !(at === query.state.dataUpdatedAt && Date.now() - at < PRELOAD_FRESH_MS);
        },
      },
    },
  });
  return client;
}

/** The console's query cache (one per page). */
export const queryClient = createQueryClient();

/**
 * A query as a screen makes it: its key and its call (`options` left out by the screen; a preload
 * makes the same call quietly).
 */
export interface PreloadQuery<T = unknown> {
  queryKey: QueryKey;
  queryFn: (options?: RequestOptions) => Promise<T>;
}

/**
 * Starts a query a screen is about to make, before the screen is there (its chunk still loading, or
 * the user info still on its way); a query that already has data is left to the screen (it shows
 * that data and refreshes it as it always does). Resolves with the answer, or undefined.
 *
 * The call is quiet: a failure is the screen's to report, with its own call. A failed preload is
 * forgotten when no screen watches it yet (the screen then makes its call when it mounts), or the
 * screen watching it asks again with its own options; so a failure is reported once, as without
 * the preload (toast, the 4401 dialog).
 */
export async function preloadQuery<T>(
  client: QueryClient,
  { queryKey, queryFn }: PreloadQuery<T>,
): Promise<T | undefined> {
  const existing = client.getQueryCache().find({ queryKey, exact: true });
  if (existing && (existing.state.data !== undefined || existing.state.fetchStatus === 'fetching')) return undefined;
  try {
    const data = await client.fetchQuery({ queryKey, queryFn: () => queryFn({ quiet: true }) });
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query) preloadedOf(client).set(query.queryHash, query.state.dataUpdatedAt);
    return data;
  } catch {
    const query = client.getQueryCache().find({ queryKey, exact: true });
    const observer = query?.observers[0];
    if (observer) void observer.refetch();
    else if (query) client.removeQueries({ queryKey, exact: true });
    return undefined;
  }
}
