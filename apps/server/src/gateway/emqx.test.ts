import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emqxKicker } from './emqx.js';

// EMQX's REST API as its documentation gives it (DELETE /api/v5/clients/{clientid} with an API key
// in HTTP Basic: 204 kicked, 404 not connected), served here by a small HTTP server that records
// what it is asked: no EMQX can be installed on the test machines.

describe('MQTT_DEVICE_SYNC=emqx drops RCUs through the REST API', () => {
  const asked: { method: string; url: string; authorization: string | undefined }[] = [];
  const connected = new Set(['R101', 'R102', 'R 1']);
  let server: http.Server;
  let apiUrl: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      asked.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
      });
      const id = decodeURIComponent((request.url ?? '').replace('/api/v5/clients/', ''));
      if (request.headers.authorization !== `Basic ${Buffer.from('key1:secret1').toString('base64')}`) {
        response.writeHead(401).end();
      } else if (id === 'BROKEN') {
        response.writeHead(500).end();
      } else if (connected.delete(id)) {
        response.writeHead(204).end();
      } else {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"CLIENTID_NOT_FOUND"}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('kicks the RCUs of changed and deleted rooms, with the API key; a new room is nobody to kick', async () => {
    const sync = emqxKicker({ apiUrl, apiKey: 'key1', apiSecret: 'secret1' });
    expect(await sync.sync(['R101', 'R999'], 'changed')).toMatchObject({ updated: 1, removed: 0 });
    expect(await sync.sync(['R102', 'R102'], 'removed')).toMatchObject({ updated: 0, removed: 1 });
    expect(await sync.sync(['R103'], 'added')).toMatchObject({ updated: 0, removed: 0 });
    expect(asked.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE /api/v5/clients/R101',
      'DELETE /api/v5/clients/R999',
      'DELETE /api/v5/clients/R102',
    ]);
    expect(new Set(asked.map((request) => request.authorization))).toEqual(
      new Set([`Basic ${Buffer.from('key1:secret1').toString('base64')}`]),
    );
    expect(await sync.reconcile()).toMatchObject({ checked: 0 });
  });

  it('fails (to be told again later) when EMQX refuses the key or errs', async () => {
    await expect(emqxKicker({ apiUrl, apiKey: 'key1', apiSecret: 'wrong' }).sync(['R101'])).rejects.toThrow(/401/);
    await expect(emqxKicker({ apiUrl, apiKey: 'key1', apiSecret: 'secret1' }).sync(['BROKEN'])).rejects.toThrow(/500/);
  });
});
