import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Call, routesOf } from './call.js';
import { CALL_GROUPS, CALLS } from './calls.js';
import { isPermissionKey } from './permissions.js';

const calls: [string, Call][] = CALL_GROUPS.flatMap((group) =>
  Object.entries(group.calls).map(([name, call]): [string, Call] => [`${group.domain}.${name}`, call]),
);

describe('table of calls', () => {
  it('has one call per method and path', () => {
    const keys = calls.map(([, call]) => `${call.method} ${call.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a known access, a summary and a path below /apis for every call', () => {
    for (const [name, call] of calls) {
      const known =
        typeof call.access === 'string'
          ? ['public', 'session', 'staff', 'admin'].includes(call.access) || isPermissionKey(call.access)
          : call.access.length > 0 && call.access.every(isPermissionKey);
      expect(known, name).toBe(true);
      expect(call.summary.length, name).toBeGreaterThan(0);
      expect(call.path, name).toMatch(/^\/[a-z0-9_/]+$/);
    }
  });

  it('lets the Administrator name the hotel of every hotel-scoped JSON call', () => {
    for (const [name, call] of calls) {
      if (!call.hotelScoped || call.takes === 'multipart') continue;
      const input = (call.method === 'GET' ? call.query : call.body) as { properties?: Record<string, unknown> };
      expect(input?.properties?.hotel_id, `${name} takes hotel_id`).toBeDefined();
    }
  });

  it('describes the answer of every call: an envelope schema, or a file, or a socket, or its own answer', () => {
    for (const [name, call] of calls) {
      // A call answering through the reply may still describe that answer (a broker's verdict).
      if (call.answers === 'stream' && call.response !== undefined) continue;
      expect(call.answers === undefined ? call.response !== undefined : call.response === undefined, name).toBe(true);
    }
  });

  it('gives clients the methods and paths only', () => {
    const routes = routesOf(CALLS);
    for (const [domain, group] of Object.entries(CALLS)) {
      for (const [name, call] of Object.entries(group.calls) as [string, Call][]) {
        expect(routes[domain]?.[name], `${domain}.${name}`).toEqual({
          method: call.method,
          path: call.path,
          ...(call.answers && { answers: call.answers }),
          ...(call.takes && { takes: call.takes }),
        });
      }
    }
    expect(JSON.stringify(routes)).not.toMatch(/"(type|properties|summary|access)"/);
  });
});

/**
 * "One place per thing": an API path is spelled only in this package's table. Source files of
 * the apps, scripts and benchmarks read it from the table; tests and test support may spell it.
 */
describe('API paths spelled once', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const folders = ['apps/server/src', 'apps/web/src', 'apps/web/build', 'apps/rcu-sim/src', 'scripts', 'bench'];
  /** A console page shares its path with an API call: the login page. */
  const consolePages = new Set(['/login']);

  function* sources(path: string): Generator<string> {
    for (const entry of readdirSync(path)) {
      if (entry === 'node_modules' || entry === 'dist' || entry === 'test-support') continue;
      const full = join(path, entry);
      if (statSync(full).isDirectory()) yield* sources(full);
      else if (/\.(ts|tsx|mjs|js)$/.test(entry) && !/\.test\.tsx?$/.test(entry)) yield full;
    }
  }

  it('finds no API path in a source file outside the table', () => {
    const paths = new Set(calls.map(([, call]) => call.path));
    const found: string[] = [];
    for (const folder of folders) {
      for (const file of sources(join(root, folder))) {
        // Comments may name a call for the reader; code may not spell one.
        const code = readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
          .join('\n');
        for (const match of code.matchAll(/(?:['"`]|\/apis)(\/[a-z0-9_/]+)['"`?]/g)) {
          const path = match[1] as string;
          if (!paths.has(path)) continue;
          if (consolePages.has(path) && !match[0].includes('/apis') && file.includes('apps/web/src')) continue;
          found.push(`${relative(root, file)}: ${match[0]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
