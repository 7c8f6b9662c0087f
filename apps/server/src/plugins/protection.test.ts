import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { read } from '../access.js';
import { describeEachDatabase } from '../test-support/databases.js';

const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

/** What every answer carries, console page or API call. */
function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy']);
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("connect-src 'self'");
  expect(csp, what).not.toContain('upgrade-insecure-requests');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(String(headers['permissions-policy']), what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  // The server speaks plain HTTP: HSTS belongs to the TLS-terminating proxy in front of it.
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

describeEachDatabase(
  'protection: headers and compression',
  (t) => {
    it('sends the security headers on the console, its files, the API and its errors, and no HSTS', async () => {
      const token = await t.login('manager');
      const answers = {
        page: await t.app.inject({ method: 'GET', url: '/roomsystem/room' }),
        asset: await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
        call: await t.app.inject({
          method: 'POST',
          url: '/apis/roomlist',
          headers: { authorization: `Bearer ${token}` },
          payload: {},
        }),
        refused: await t.app.inject({ method: 'POST', url: '/apis/roomlist', payload: {} }),
        unknown: await t.app.inject({ method: 'GET', url: '/apis/nothing-here' }),
        docs: await t.app.inject({ method: 'GET', url: '/apis/docs/json' }),
      };
      expect(answers.call.json().code).toBe(0);
      expect(answers.refused.json().code).toBe(4401);
      for (const [what, answer] of Object.entries(answers)) expectSecurityHeaders(answer.headers, what);
    });

    it('sends a hashed asset precompressed as the browser accepts, cached for a year, immutable', async () => {
      const url = '/assets/app-abc123.js';
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      // Sent as written at build, not compressed a second time.
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(ASSET);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control']).toBe('no-cache');
    });

    it('compresses a large JSON answer when asked, and leaves a small one as it is', async () => {
      const token = await t.login('manager');
      const list = (encoding: string) =>
        t.app.inject({
          method: 'POST',
          url: '/apis/roomlist',
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
          payload: { size: 100 },
        });
      const plain = await list('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const [encoding, inflate] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const answer = await list(encoding);
        expect(answer.headers['content-encoding'], encoding).toBe(encoding);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(JSON.parse(inflate(answer.rawPayload).toString())).toEqual(plain.json());
      }
      const small = await t.app.inject({ method: 'GET', url: '/apis/site', headers: { 'accept-encoding': 'br' } });
      expect(small.json().code).toBe(0);
      expect(small.headers['content-encoding']).toBeUndefined();
    });
  },
  {
    prepare: (dataDir: string) => {
      const dist = path.join(dataDir, 'web');
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      const asset = path.join(dist, 'assets', 'app-abc123.js');
      fs.writeFileSync(asset, ASSET);
      // What the build writes beside each hashed asset (apps/web/scripts/compress.mjs).
      fs.writeFileSync(`${asset}.br`, brotliCompressSync(ASSET));
      fs.writeFileSync(`${asset}.gz`, gzipSync(ASSET));
    },
  },
);

/** What the server logged at warn and above (the refusals' warning). */
const warnings: Record<string, unknown>[] = [];
const logger = {
  level: 'warn',
  stream: { write: (line: string) => warnings.push(JSON.parse(line) as Record<string, unknown>) },
};

let entered: () => void = () => {};
let release: () => void = () => {};

describeEachDatabase(
  'protection: refusing past capacity',
  (t) => {
    it('refuses API calls at once with 4429 and Retry-After while the in-flight limit is reached', async () => {
      const logged = warnings.length;
      const inside = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const slow = t.app.inject({ method: 'GET', url: '/apis/test/slow' });
      await inside;

      const refused = await t.app.inject({ method: 'GET', url: '/apis/site', headers: { 'accept-language': 'en' } });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('7');
      expect(refused.json()).toEqual({
        code: 4429,
        message: 'The server is busy; please try again in 7 s.',
        data: null,
      });
      expectSecurityHeaders(refused.headers, 'refusal');
      const zh = await t.app.inject({ method: 'POST', url: '/apis/roomlist', payload: {} });
      expect(zh.json()).toMatchObject({ code: 4429, message: '服务器繁忙,请 7 秒后再试' });

      // Never refused: the console's page and the API's documentation.
      expect((await t.app.inject({ method: 'GET', url: '/roomsystem/room' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/apis/docs/json' })).statusCode).toBe(200);

      release();
      expect((await slow).json()).toMatchObject({ code: 0 });
      // The slot is free again.
      expect((await t.app.inject({ method: 'GET', url: '/apis/site' })).json()).toMatchObject({ code: 0 });

      // The operator sees it: counted by cause in /metrics, and one warning in the log for the two.
      const scrape = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(scrape).toContain('roompilot_http_refused_total{cause="full"} 2');
      expect(scrape).toContain('roompilot_http_refused_total{cause="busy"} 0');
      expect(warnings.slice(logged).filter((line) => String(line.msg).startsWith('past capacity'))).toMatchObject([
        { refused: 1, cause: 'full', inFlight: 1 },
      ]);
    });

    it('frees the slot of a call whose client went away before its answer (a browser leaving the page)', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const inside = new Promise<void>((resolve) => {
        entered = resolve;
      });
      // The call is sent whole, then its connection is closed while the server answers it.
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      const body = '{}';
      socket.write(
        `POST /apis/test/slow HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      await inside;
      socket.destroy();
      // Answered once the server has seen the connection go.
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      await expect.poll(connections).toBe(0);
      release();
      await expect
        .poll(async () => (await t.app.inject({ method: 'GET', url: '/apis/site' })).json().code, { timeout: 2000 })
        .toBe(0);
    });
  },
  {
    env: { OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7' },
    build: {
      logger,
      extraRoutes: async (api) => {
        const slow = async () => {
          const gate = new Promise<void>((resolve) => {
            release = resolve;
          });
          entered();
          await gate;
          return { code: 0, message: 'ok', data: null };
        };
        api.get('/test/slow', { config: read('public') }, slow);
        api.post('/test/slow', { config: read('public') }, slow);
      },
    },
  },
);

describeEachDatabase(
  'protection: refusing when the event loop is held up',
  (t) => {
    it('refuses a call that reaches the server after the loop was busy past the limit, and takes the next one', async () => {
      // The app's set-up (migrations, seed) ran without the loop coming round: let it come round.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const blocked = await t.app.inject({ method: 'GET', url: '/apis/test/hold-loop' });
      expect(blocked.json().code).toBe(0);
      // The call made at the end of a 300 ms turn of the loop (the limit is 50 ms) was refused.
      expect(blocked.json().data).toMatchObject({ status: 429, code: 4429, retryAfter: '2' });
      // Once the loop came round, calls are taken again.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await t.app.inject({ method: 'GET', url: '/apis/site' })).json()).toMatchObject({ code: 0 });
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).toContain(
        'roompilot_http_refused_total{cause="busy"} 1',
      );
    });
  },
  {
    env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50', OVERLOAD_MAX_IN_FLIGHT: '0' },
    build: {
      extraRoutes: async (api) => {
        api.get('/test/hold-loop', { config: read('public') }, async () => {
          // A turn of the loop held for 300 ms (a slow synchronous step), then a call arrives.
          const until = performance.now() + 300;
          while (performance.now() < until) {}
          const answer = await api.inject({ method: 'GET', url: '/apis/site' });
          return {
            code: 0,
            message: 'ok',
            data: { status: answer.statusCode, code: answer.json().code, retryAfter: answer.headers['retry-after'] },
          };
        });
      },
    },
  },
);
