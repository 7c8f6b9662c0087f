import routes from 'virtual:call-routes';
import type { BodyOf, Call, CallRoute, CallRoutes, Calls, DataOf, QueryOf } from '@roompilot/contract';
import { type DownloadedFile, type HttpClient, http, type RequestOptions } from './http';

/** A body the caller may leave out when every field of it is optional (or there is none). */
type Args<Input> = undefined extends Input
  ? [input?: Input, options?: RequestOptions]
  : object extends Input
    ? [input?: Input, options?: RequestOptions]
    : [input: Input, options?: RequestOptions];

/** One call as the console makes it: typed from the contract's table. */
export type ClientCall<C extends Call> = C['answers'] extends 'socket'
  ? never // opened by its own client (app/live.ts), from the table's path
  : C['takes'] extends 'multipart'
    ? (form: FormData, options?: RequestOptions) => Promise<DataOf<C>>
    : C['answers'] extends 'file'
      ? (...args: Args<BodyOf<C>>) => Promise<DownloadedFile>
      : C['method'] extends 'GET'
        ? (...args: Args<QueryOf<C>>) => Promise<DataOf<C>>
        : (...args: Args<BodyOf<C>>) => Promise<DataOf<C>>;

/** `api.<domain>.<call>(body)` for every call of the table. */
export type Api = {
  [Domain in keyof Calls]: {
    [Name in keyof Calls[Domain]['calls']]: Calls[Domain]['calls'][Name] extends infer C extends Call
      ? ClientCall<C>
      : never;
  };
};

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function clientCall(client: HttpClient, route: CallRoute) {
  if (route.takes === 'multipart') {
    return (form: FormData, options?: RequestOptions) => client.upload(route.path, form, options);
  }
  if (route.answers === 'file') {
    return (body?: unknown, options?: RequestOptions) => client.download(route.path, body, options);
  }
  if (route.method === 'GET') {
    return (query?: unknown, options?: RequestOptions) =>
      client.request('GET', `${route.path}${queryString(query)}`, undefined, options);
  }
  return (body?: unknown, options?: RequestOptions) => client.request(route.method, route.path, body, options);
}

/** A client of every call of the table over the given http client (tests pass a stubbed one). */
export function createApi(client: HttpClient, table: CallRoutes = routes): Api {
  return Object.fromEntries(
    Object.entries(table).map(([domain, calls]) => [
      domain,
      Object.fromEntries(Object.entries(calls).map(([name, route]) => [name, clientCall(client, route)])),
    ]),
  ) as unknown as Api;
}

/** The console's API: every screen calls the server through it. */
export const api = createApi(http);
