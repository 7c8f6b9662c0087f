import { API_BASE, type Envelope, ErrorCode, LOGOUT_CODES, REQUEST_TIMEOUT_MS } from '@roompilot/contract';
import i18next from 'i18next';
import type { MessageKey } from '../locales/types';
import { storedLanguage } from './i18n';
import { bearer, clearToken, getToken } from './session';

/** A call answered with a non-zero `code`: `message` is the server's message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly code: number,
    /** The envelope's data: some errors explain themselves there (an import's bad rows). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** An HTTP error without an envelope: rejected with the response (SPEC.md section 8). */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
  }
}

/** The request never got an answer: the network failed or the 50 s timeout passed. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/** Everything the client needs from its surroundings, so tests can stub each piece. */
export interface HttpEnvironment {
  fetch: typeof fetch;
  getToken(): string | undefined;
  getLanguage(): string;
  translate(key: string, options?: Record<string, unknown>): string;
  clearSession(): void;
  reload(): void;
  /** The 5 s error toast. */
  showError(message: string): void;
  /** The "Confirm logout" dialog; resolves true when the user chooses to log in again. */
  confirmLogout(): Promise<boolean>;
  /** Waits before a refused call is sent again. */
  sleep(ms: number): Promise<void>;
}

export interface RequestOptions {
  /**
   * Reject without any toast or dialog: the caller reports the failure itself. `'toasts'`: no toast
   * (a poll that shows its own state), but a session that ended still asks to log in again.
   */
  quiet?: boolean | 'toasts';
  timeoutMs?: number;
  /** The session to call in instead of the stored one: a logout sent after the page forgot it. */
  token?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file the server answered with. */
export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition`; empty when the server named none. */
  fileName: string;
}

const JSON_TYPE = 'application/json';

/**
 * A call the server refused before doing anything (HTTP 429 with a short `Retry-After`: its
 * overload guard, when it is past its capacity for a moment) is sent again by itself after the
 * wait the server asked for, `tries` times at most, before the user is told: a busy second reads
 * as a slower answer, not as an error. A longer wait (a throttled login says none; a rate limit
 * longer than `maxWaitS`) is the user's to see.
 */
export const AUTO_RETRY = { tries: 2, maxWaitS: 3 } as const;

/** How long to wait before sending a refused call again (ms), or null: not to be sent again. */
export function retryWaitOf(response: Response): number | null {
  if (response.status !== 429) return null;
  const header = response.headers.get('Retry-After');
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > AUTO_RETRY.maxWaitS) return null;
  // Spread out, so that the consoles the server refused together do not all come back together.
  return seconds * 1000 * (1 + Math.random() / 2);
}

/** The file name of a `Content-Disposition` header: `filename*=UTF-8''…` first, then `filename="…"`. */
export function fileNameOf(disposition: string | null): string {
  if (!disposition) return '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? '';
}

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

export function createHttpClient(env: HttpEnvironment) {
  let logoutDialogOpen = false;

  /** Codes 4401/4433: one "Confirm logout" dialog at a time, however many calls fail. */
  async function askToLogInAgain() {
    if (logoutDialogOpen) return;
    logoutDialogOpen = true;
    try {
      if (await env.confirmLogout()) {
        env.clearSession();
        env.reload();
      }
    } finally {
      logoutDialogOpen = false;
    }
  }

  /** One call to the server; `body` is JSON unless it is a form (an upload). */
  async function send(method: HttpMethod, path: string, body: unknown, accept: string, options: RequestOptions) {
    const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const headers: Record<string, string> = { Accept: accept, 'Accept-Language': env.getLanguage() };
    const token = options.token ?? env.getToken();
    if (token) headers.Authorization = `Bearer ${bearer(token)}`;
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await env.fetch(`${API_BASE}${path}`, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch {
      throw timedOut
        ? new NetworkError(env.translate('errors.timeout'), true)
        : new NetworkError(env.translate('errors.network'), false);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends, and sends again a call the server refused for a moment (AUTO_RETRY); reports a network
   * failure unless the call is quiet.
   */
  async function exchange(method: HttpMethod, path: string, body: unknown, accept: string, options: RequestOptions) {
    try {
      for (let tries = 0; ; tries += 1) {
        const response = await send(method, path, body, accept, options);
        const wait = tries < AUTO_RETRY.tries ? retryWaitOf(response) : null;
        if (wait === null) return response;
        await response.body?.cancel().catch(() => {});
        await env.sleep(wait);
      }
    } catch (error) {
      if (error instanceof NetworkError && !options.quiet) env.showError(error.message);
      throw error;
    }
  }

  /** Reads an envelope: its data on code 0; otherwise the error codes and statuses of SPEC.md section 8. */
  async function settle<T>(response: Response, options: RequestOptions, withSession: boolean): Promise<T> {
    const report = (message: string) => {
      if (!options.quiet) env.showError(message);
    };
    const payload = await readJson(response);
    if (isEnvelope(payload)) {
      if (payload.code === 0) return payload.data as T;
      const message = payload.message || env.translate(`errors.${payload.code}`);
      const error = new ApiError(message, payload.code, payload.data);
      if (LOGOUT_CODES.includes(payload.code)) {
        // Only a session this page still holds is worth logging in to again: one it has ended
        // itself (a logout, a password change) needs no dialog.
        if (options.quiet !== true && env.getToken() !== undefined) void askToLogInAgain();
      } else if (payload.code === ErrorCode.hotelExpired) {
        // The hotel's validity period is over: nothing works any more. Said once (by the first call
        // that hears it, quiet or not), and the session ends here: the guard goes to the login,
        // which says it again to whoever tries.
        if (!withSession) {
          // A login refused for it: said as any refusal.
          report(message);
        } else if (env.getToken() !== undefined) {
          env.showError(message);
          env.clearSession();
        }
      } else {
        report(message);
      }
      throw error;
    }
    if (response.status === 401) {
      env.clearSession();
      env.reload();
      throw new HttpError(response);
    }
    report(env.translate('errors.http', { status: response.status }));
    throw new HttpError(response);
  }

  /** Whether a call goes out in a session (a login does not): the answers that end one concern only those. */
  const inSession = (options: RequestOptions) => (options.token ?? env.getToken()) !== undefined;

  async function request<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}) {
    const withSession = inSession(options);
    return settle<T>(await exchange(method, path, body, JSON_TYPE, options), options, withSession);
  }

  /** A multipart upload (`FormData`): answered with an envelope like any call. */
  async function upload<T>(path: string, form: FormData, options: RequestOptions = {}) {
    const withSession = inSession(options);
    return settle<T>(await exchange('POST', path, form, JSON_TYPE, options), options, withSession);
  }

  /**
   * A call answered with a file (export, template): the file as a Blob with the server's file
   * name. A failure is answered with an envelope and handled like any other call.
   */
  async function download(path: string, body?: unknown, options: RequestOptions = {}): Promise<DownloadedFile> {
    const withSession = inSession(options);
    const response = await exchange('POST', path, body, '*/*', options);
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      await settle<unknown>(response, options, withSession);
      throw new HttpError(response);
    }
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  }

  return {
    request,
    upload,
    download,
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The toast and the dialog need antd's context: the shell plugs them in once it is mounted. */
export interface HttpUi {
  showError(message: string): void;
  confirmLogout(): Promise<boolean>;
}

let ui: HttpUi = {
  showError: (message) => console.error(message),
  confirmLogout: async () => window.confirm(i18next.t('auth.logoutContent')),
};

export function connectHttpUi(next: HttpUi): void {
  ui = next;
}

export const http = createHttpClient({
  fetch: (input, init) => fetch(input, init),
  getToken,
  // Before i18next is set up (the console's start preloads its first calls), the chosen language.
  getLanguage: () => i18next.language || storedLanguage(),
  translate: (key, options) => i18next.t(key as MessageKey, options),
  clearSession: clearToken,
  reload: () => window.location.reload(),
  showError: (message) => ui.showError(message),
  confirmLogout: () => ui.confirmLogout(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});
