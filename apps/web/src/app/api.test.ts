import { CALLS, routesOf } from '@roompilot/contract';
import { describe, expect, it, vi } from 'vitest';
import { api, createApi } from './api';
import type { HttpClient } from './http';

function stubClient() {
  const client = {
    request: vi.fn(async () => 'answer'),
    upload: vi.fn(async () => 'uploaded'),
    download: vi.fn(async () => ({ blob: new Blob(['x']), fileName: 'f.csv' })),
  };
  return { client, http: client as unknown as HttpClient };
}

describe('api client from the table of calls', () => {
  it('has every call of the table, by domain and name', () => {
    for (const [domain, group] of Object.entries(CALLS)) {
      for (const name of Object.keys(group.calls)) {
        expect(
          typeof (api as unknown as Record<string, Record<string, unknown>>)[domain]?.[name],
          `${domain}.${name}`,
        ).toBe('function');
      }
    }
  });

  it("sends a JSON call with the table's method and path, and the caller's options", async () => {
    const { client, http } = stubClient();
    const calls = createApi(http, routesOf(CALLS));
    await expect(calls.buildings.update({ id: 3, name: 'East' }, { quiet: true })).resolves.toBe('answer');
    expect(client.request).toHaveBeenCalledWith('PUT', '/buildingupdate', { id: 3, name: 'East' }, { quiet: true });
  });

  it('puts the query of a GET call in the URL', async () => {
    const { client, http } = stubClient();
    const calls = createApi(http, { probe: { read: { method: 'GET', path: '/probe' } } }) as unknown as {
      probe: { read: (query?: unknown) => Promise<unknown> };
    };
    await calls.probe.read({ a: 1, b: 'x y', c: undefined });
    await calls.probe.read();
    expect(client.request).toHaveBeenNthCalledWith(1, 'GET', '/probe?a=1&b=x+y', undefined, undefined);
    expect(client.request).toHaveBeenNthCalledWith(2, 'GET', '/probe', undefined, undefined);
  });

  it('downloads a call that answers a file and uploads a multipart one', async () => {
    const { client, http } = stubClient();
    const calls = createApi(http, {
      files: {
        export: { method: 'POST', path: '/export', answers: 'file' },
        import: { method: 'POST', path: '/import', takes: 'multipart' },
      },
    }) as unknown as { files: Record<string, (input?: unknown, options?: unknown) => Promise<unknown>> };
    const form = new FormData();
    await calls.files.export?.({ format: 'csv' });
    await calls.files.import?.(form, { quiet: true });
    expect(client.download).toHaveBeenCalledWith('/export', { format: 'csv' }, undefined);
    expect(client.upload).toHaveBeenCalledWith('/import', form, { quiet: true });
  });
});
