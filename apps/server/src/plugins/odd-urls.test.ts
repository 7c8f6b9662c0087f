import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@roompilot/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/databases.js';

const LONG = `/${'a'.repeat(10 * 1024)}`;

// URLs an attacker sends to see what breaks: a NUL, bad escapes, a climb out of the console's
// folder, a 10 KB path, a bad query. Never 5xx; under /apis always the JSON envelope.
describeEachDatabase(
  'odd URLs',
  (t) => {
    it('answers odd URLs outside /apis with the console page (404 when the URL cannot name a file), never 5xx', async () => {
      for (const url of ['/%00', '/%ff', '/%zz', '/assets/%ff', '/rooms/%00/x']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const answer = await t.app.inject({ method, url });
          expect(answer.statusCode, `${method} ${url}`).toBe(404);
          expect(answer.headers['content-type'], `${method} ${url}`).toMatch(/^text\/html/);
          // Answered like any other page: the security headers too.
          expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
          expect(answer.headers['x-content-type-options']).toBe('nosniff');
          if (method === 'GET') expect(answer.body).toContain('<div id="root">');
        }
      }
      // A climb out of the folder, an escaped percent and a 10 KB path are SPA routes: the console's
      // page, nothing outside it.
      for (const url of ['/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%25zz', LONG]) {
        const answer = await t.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url.slice(0, 40)).toBeLessThan(500);
        expect(answer.body).toContain('<div id="root">');
        expect(answer.body).not.toContain('root:');
      }
      // A POST to an odd URL outside /apis is no call either: the envelope's 404, as for any other.
      const posted = await t.call('POST', '/%ff', { headers: { 'accept-language': 'en' } });
      expect(posted).toMatchObject({ status: 404, code: ErrorCode.notFound, message: 'No such call: POST /%ff' });
    });

    it('answers odd URLs under /apis with the JSON envelope (404/4404), in the caller language', async () => {
      for (const url of ['/apis/%ff', '/apis/%00', '/apis/%zz', '/apis/..%2f..%2fetc/passwd', `/apis${LONG}`]) {
        for (const method of ['GET', 'POST'] as const) {
          const answer = await t.call(method, url, { headers: { 'accept-language': 'en' } });
          expect(answer, `${method} ${url.slice(0, 40)}`).toMatchObject({
            status: 404,
            code: ErrorCode.notFound,
            data: null,
          });
          expect(answer.headers['content-type']).toMatch(/^application\/json/);
          expect(answer.headers['x-content-type-options']).toBe('nosniff');
          expect(answer.message).toMatch(/^No such call: (GET|POST) \/apis\//);
          expect(answer.message.length).toBeLessThan(300);
        }
      }
      const spanish = await t.call('GET', '/apis/%ff', { headers: { 'accept-language': 'es' } });
      expect(spanish.message).toBe('No existe la llamada: GET /apis/%ff');
    });

    it('answers a call with a bad query string as the call itself, never 5xx', async () => {
      const anonymous = await t.call('POST', '/apis/roomlist?%zz', { body: {} });
      expect(anonymous).toMatchObject({ status: 401, code: ErrorCode.unauthenticated });
      const token = await t.login('manager');
      for (const query of ['%zz', 'a=%ff', '%00=%00', `x=${'%'.repeat(2000)}`]) {
        const answer = await t.call('POST', `/apis/roomlist?${query}`, { token, body: {} });
        expect(answer, query.slice(0, 20)).toMatchObject({ status: 200, code: 0 });
      }
      const read = await t.call('GET', '/apis/roomlist?%zz', { token });
      expect(read).toMatchObject({ status: 404, code: ErrorCode.notFound });
    });
  },
  {
    prepare: (dataDir: string) => {
      const dist = path.join(dataDir, 'web');
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    },
  },
);
