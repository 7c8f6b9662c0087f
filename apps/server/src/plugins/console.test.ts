import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test-support/databases.js';

describeEachDatabase('console', (t) => {
  it('says the console is not built when there is no index.html', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('not built');
  });
});

describeEachDatabase(
  'console (built)',
  (t) => {
    it('serves files, assets with long caching and index.html for SPA routes', async () => {
      const dist = t.config.webDist;
      const assets = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(assets.statusCode).toBe(200);
      expect(assets.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(assets.body).toBe('console.log(1)');

      for (const url of ['/', '/login', '/roomsystem/room?x=1']) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.body).toContain('<div id="root">');
      }
      const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(favicon.body).toBe('<svg/>');
      expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      const api = await t.app.inject({ method: 'GET', url: '/apis/unknown' });
      expect(api.json()).toMatchObject({ code: 4404 });
      const outside = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc/passwd' });
      expect(outside.body).not.toContain('root:');
      expect(fs.existsSync(dist)).toBe(true);
    });

    it('sends a hashed asset precompressed as the browser accepts it, cached for a year either way', async () => {
      const url = '/assets/app-abc123.js';
      for (const [accept, encoding, body] of [
        ['br, gzip, deflate', 'br', 'brotli bytes'],
        ['gzip, deflate', 'gzip', 'gzip bytes'],
        ['identity', undefined, 'console.log(1)'],
      ] as const) {
        const answer = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers['content-type']).toMatch(/javascript/);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(answer.body).toBe(body);
        if (encoding) expect(answer.headers.vary).toMatch(/accept-encoding/i);
      }
    });
  },
  {
    env: {},
    build: {},
    prepare: (dataDir: string) => {
      const dist = path.join(dataDir, 'web');
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
      // What apps/web/scripts/compress.mjs writes beside each asset (stand-ins: their bytes are not read).
      fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), 'brotli bytes');
      fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), 'gzip bytes');
      fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    },
  },
);
