import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  AUTO_RETRY,
  createHttpClient,
  fileNameOf,
  type HttpEnvironment,
  HttpError,
  NetworkError,
} from './http';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(answer: (url: string, init: RequestInit) => Promise<Response> | Response, confirm = true) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init ?? {}));
  const env = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    getToken: vi.fn(() => '"tok-1"' as string | undefined),
    getLanguage: () => 'en',
    translate: (key: string, options?: Record<string, unknown>) =>
      options ? `${key} ${JSON.stringify(options)}` : key,
    clearSession: vi.fn(),
    reload: vi.fn(),
    showError: vi.fn(),
    confirmLogout: vi.fn(async () => confirm),
    sleep: vi.fn(async (_ms: number) => {}),
  } satisfies HttpEnvironment;
  return { env, fetch, http: createHttpClient(env) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('http client', () => {
  it('sends the bearer token without quotes, the language and credentials to /apis', async () => {
    const { http, fetch } = setup(() => json({ code: 0, message: 'ok', data: { token: 'abc' } }));
    await expect(http.request('POST', '/login', { user_name: 'manager' })).resolves.toEqual({ token: 'abc' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/apis/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"user_name":"manager"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Accept-Language']).toBe('en');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no authorization header without a token', async () => {
    const { http, env, fetch } = setup(() => json({ code: 0, message: '', data: null }));
    env.getToken.mockReturnValue(undefined);
    await http.request('GET', '/site');
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(fetch.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it("shows the server's message for a non-zero code and rejects, whatever the HTTP status", async () => {
    const { http, env } = setup(() => json({ code: 4409, message: 'room 0201 exists', data: null }, 409));
    const call = http.request('POST', '/roomadd', {});
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ code: 4409, message: 'room 0201 exists' });
    expect(env.showError).toHaveBeenCalledWith('room 0201 exists');
    expect(env.confirmLogout).not.toHaveBeenCalled();
  });

  it('falls back to the translated code when the server gives no message', async () => {
    const { http, env } = setup(() => json({ code: 4403, message: '', data: null }, 403));
    await expect(http.request('POST', '/x')).rejects.toMatchObject({ code: 4403 });
    expect(env.showError).toHaveBeenCalledWith('errors.4403');
  });

  it('asks once to log in again for 4401/4433, then clears the session and reloads', async () => {
    let release: (ok: boolean) => void = () => {};
    const { http, env } = setup(() => json({ code: 4433, message: 'ended', data: null }, 401));
    env.confirmLogout.mockImplementation(() => new Promise<boolean>((resolve) => (release = resolve)));
    await expect(http.request('POST', '/a')).rejects.toMatchObject({ code: 4433 });
    await expect(http.request('POST', '/b')).rejects.toMatchObject({ code: 4433 });
    expect(env.confirmLogout).toHaveBeenCalledTimes(1);
    expect(env.showError).not.toHaveBeenCalled();
    release(true);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(env.clearSession).toHaveBeenCalledTimes(1);
  });

  it('a poll quiet about toasts still asks to log in again when its session ended, and shows no other failure', async () => {
    const { http, env } = setup(() => json({ code: 4433, message: 'ended', data: null }, 401));
    await expect(http.request('POST', '/redisroomspecialstate', {}, { quiet: 'toasts' })).rejects.toMatchObject({
      code: 4433,
    });
    await vi.waitFor(() => expect(env.confirmLogout).toHaveBeenCalledTimes(1));
    const failing = setup(() => json({ code: 4409, message: 'conflict', data: null }, 409));
    await expect(failing.http.request('POST', '/x', {}, { quiet: 'toasts' })).rejects.toMatchObject({ code: 4409 });
    expect(failing.env.showError).not.toHaveBeenCalled();
    expect(failing.env.confirmLogout).not.toHaveBeenCalled();
  });

  it("says once that the hotel's validity is over (quiet or not) and ends the page's session", async () => {
    const { http, env } = setup(() => json({ code: 4410, message: 'validity ended on 2026-11-26', data: null }, 403));
    let token: string | undefined = '"tok-1"';
    env.getToken.mockImplementation(() => token);
    env.clearSession.mockImplementation(() => {
      token = undefined;
    });
    // Three calls of the page in flight together, the first answered quiet.
    const calls = [
      http.request('POST', '/redisroomspecialstate', {}, { quiet: true }),
      http.request('POST', '/roomlist', {}),
      http.request('POST', '/basicroomlist', {}),
    ];
    for (const call of calls) await expect(call).rejects.toMatchObject({ code: 4410 });
    expect(env.showError).toHaveBeenCalledTimes(1);
    expect(env.showError).toHaveBeenCalledWith('validity ended on 2026-11-26');
    expect(env.clearSession).toHaveBeenCalledTimes(1);
    expect(env.confirmLogout).not.toHaveBeenCalled();
    expect(env.reload).not.toHaveBeenCalled();
    // A login refused for it, sent without a session: said as any refusal.
    await expect(http.request('POST', '/login', {})).rejects.toMatchObject({ code: 4410 });
    expect(env.showError).toHaveBeenCalledTimes(2);
    expect(env.clearSession).toHaveBeenCalledTimes(1);
  });

  it('does not ask to log in again when the page holds no session any more (it ended it itself)', async () => {
    const { http, env } = setup(() => json({ code: 4433, message: 'ended', data: null }, 401));
    env.getToken.mockReturnValue(undefined);
    await expect(http.request('POST', '/userinfo')).rejects.toMatchObject({ code: 4433 });
    expect(env.confirmLogout).not.toHaveBeenCalled();
    expect(env.showError).not.toHaveBeenCalled();
  });

  it('calls in the session it is given instead of the stored one (a logout after the page forgot it)', async () => {
    const { http, env, fetch } = setup(() => json({ code: 0, message: '', data: null }));
    env.getToken.mockReturnValue(undefined);
    await http.request('POST', '/logout', undefined, { token: '"tok-9"' });
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-9');
  });

  it('keeps the session when the user cancels the logout dialog, and asks again next time', async () => {
    const { http, env } = setup(() => json({ code: 4401, message: 'expired', data: null }, 401), false);
    await expect(http.request('POST', '/a')).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(env.confirmLogout).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    await expect(http.request('POST', '/b')).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(env.confirmLogout).toHaveBeenCalledTimes(2));
    expect(env.clearSession).not.toHaveBeenCalled();
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('clears the session and reloads on a bare HTTP 401', async () => {
    const { http, env } = setup(() => new Response('Unauthorized', { status: 401 }));
    await expect(http.request('POST', '/userinfo')).rejects.toBeInstanceOf(HttpError);
    expect(env.clearSession).toHaveBeenCalledTimes(1);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('rejects other HTTP errors with the response', async () => {
    const { http, env } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await http.request('GET', '/site').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).response.status).toBe(502);
    expect(env.showError).toHaveBeenCalledWith('errors.http {"status":502}');
    expect(env.clearSession).not.toHaveBeenCalled();
  });

  it('stays silent in quiet mode', async () => {
    const { http, env } = setup(() => json({ code: 4401, message: 'expired', data: null }, 401));
    await expect(http.request('POST', '/logout', undefined, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(env.confirmLogout).not.toHaveBeenCalled();
    expect(env.showError).not.toHaveBeenCalled();
  });

  it('aborts after the timeout and reports it', async () => {
    vi.useFakeTimers();
    const { http, env } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const call = http.request('POST', '/slow').catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(50_000);
    const error = await call;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
    expect(env.showError).toHaveBeenCalledWith('errors.timeout');
  });

  it('reports a network failure', async () => {
    const { http, env } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(http.request('GET', '/site')).rejects.toMatchObject({ timedOut: false });
    expect(env.showError).toHaveBeenCalledWith('errors.network');
  });

  it('keeps the data of an error envelope', async () => {
    const errors = [{ line: 3, field: 'room_num', message: 'required' }];
    const { http } = setup(() => json({ code: 4400, message: '1 rows have errors', data: { errors } }, 400));
    await expect(http.request('POST', '/roomimport')).rejects.toMatchObject({ code: 4400, data: { errors } });
  });

  it('uploads a form as multipart, without a JSON content type', async () => {
    const { http, fetch } = setup(() => json({ code: 0, message: '', data: { created: 2 } }));
    const form = new FormData();
    form.append('file', new Blob(['room_num\n0201']), 'rooms.csv');
    await expect(http.upload('/roomimport', form)).resolves.toEqual({ created: 2 });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer tok-1');
  });

  it('downloads a file as a Blob with the name the server gives', async () => {
    const { http, fetch } = setup(
      () =>
        new Response('\ufeffroom_num\n0201', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="rooms-1-2025-01-01.csv"',
          },
        }),
    );
    const file = await http.download('/roomexport', { format: 'csv' });
    expect(file.fileName).toBe('rooms-1-2025-01-01.csv');
    expect(await file.blob.text()).toContain('0201');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('{"format":"csv"}');
  });

  it('handles a download refused with an envelope like any call', async () => {
    const { http, env } = setup(() => json({ code: 4403, message: 'no access', data: null }, 403));
    await expect(http.download('/roomexport', {})).rejects.toMatchObject({ code: 4403 });
    expect(env.showError).toHaveBeenCalledWith('no access');
  });

  describe('a call the server refused for a moment (429 with a short Retry-After)', () => {
    const busy = (retryAfter: string | null) =>
      new Response(JSON.stringify({ code: 4429, message: 'server busy', data: null }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', ...(retryAfter === null ? {} : { 'Retry-After': retryAfter }) },
      });

    it('is sent again after the wait the server asked for, and the user sees only the answer', async () => {
      let calls = 0;
      const { http, env, fetch } = setup(() => {
        calls += 1;
        return calls === 1 ? busy('2') : json({ code: 0, message: '', data: { saved: true } });
      });
      await expect(http.request('PUT', '/roomupdate', { id: 4 })).resolves.toEqual({ saved: true });
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(fetch.mock.calls[1]?.[1]?.body).toBe('{"id":4}');
      // Two seconds, spread by up to half as much again.
      const wait = env.sleep.mock.calls[0]?.[0] ?? 0;
      expect(wait).toBeGreaterThanOrEqual(2000);
      expect(wait).toBeLessThanOrEqual(3000);
      expect(env.showError).not.toHaveBeenCalled();
    });

    it('is sent twice again at most; then the user is told', async () => {
      const { http, env, fetch } = setup(() => busy('1'));
      await expect(http.request('POST', '/roomlist', {})).rejects.toMatchObject({ code: 4429 });
      expect(fetch).toHaveBeenCalledTimes(1 + AUTO_RETRY.tries);
      expect(env.showError).toHaveBeenCalledTimes(1);
      expect(env.showError).toHaveBeenCalledWith('server busy');
    });

    it('is not sent again when the server gives no wait, or a long one (a throttled login, a rate limit)', async () => {
      for (const retryAfter of [null, '', '60', 'soon']) {
        const { http, env, fetch } = setup(() => busy(retryAfter));
        await expect(http.request('POST', '/login', {})).rejects.toMatchObject({ code: 4429 });
        expect(fetch).toHaveBeenCalledTimes(1);
        expect(env.sleep).not.toHaveBeenCalled();
      }
    });

    it('is sent again for uploads and downloads too (the server did nothing with it)', async () => {
      let calls = 0;
      const { http, fetch } = setup(() => {
        calls += 1;
        return calls === 1 ? busy('1') : new Response('a,b', { headers: { 'Content-Type': 'text/csv' } });
      });
      expect(await (await http.download('/roomexport', {})).blob.text()).toBe('a,b');
      expect(fetch).toHaveBeenCalledTimes(2);
    });
  });

  it('reads file names from Content-Disposition', () => {
    expect(fileNameOf(null)).toBe('');
    expect(fileNameOf('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameOf('attachment; filename=rooms.xlsx')).toBe('rooms.xlsx');
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''%E6%88%BF%E9%97%B4.csv`)).toBe('房间.csv');
  });
});
