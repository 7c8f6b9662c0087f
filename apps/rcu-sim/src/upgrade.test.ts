import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, download, fileProblem, parseUpgradeFaults } from './upgrade.js';

// The simulator's download against a plain HTTP server that answers Range and, once, 429.

const content = randomBytes(300_000);
const requests: { range: string | undefined }[] = [];
let busyOnce = false;
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requests.push({ range: request.headers.range });
    if (busyOnce) {
      busyOnce = false;
      response.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' });
      response.end('{"code":4429}');
      return;
    }
    if (request.url === '/gone') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"code":4404}');
      return;
    }
    const start = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0);
    response.writeHead(start > 0 ? 206 : 200, {
      'content-length': content.length - start,
      ...(start > 0 && { 'content-range': `bytes ${start}-${content.length - 1}/${content.length}` }),
    });
    response.end(content.subarray(start));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('upgrade download', () => {
  it('fetches the whole file and reports progress up to 100', async () => {
    requests.length = 0;
    const progress: number[] = [];
    const bytes = await download({ url, size: content.length, onProgress: (percent) => progress.push(percent) });
    expect(bytes.equals(content)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect(requests).toEqual([{ range: undefined }]);
  });

  it('resumes with Range after a drop, and waits out a 429', async () => {
    requests.length = 0;
    busyOnce = true;
    const bytes = await download({ url, size: content.length, dropAfter: 100_000 });
    expect(bytes.equals(content)).toBe(true);
    expect(requests[0]).toEqual({ range: undefined });
    expect(requests.at(-1)?.range).toMatch(/^bytes=\d+-$/);
    expect(Number(/\d+/.exec(requests.at(-1)?.range ?? '')?.[0])).toBeGreaterThanOrEqual(100_000);
  });

  it('stops halfway when told (a reboot), and refuses a link the server refuses', async () => {
    const half = await download({ url, size: content.length, stopAfter: 1000 });
    expect(half.length).toBe(1000);
    await expect(download({ url: url.replace('/file', '/gone'), size: 1 })).rejects.toBeInstanceOf(DownloadError);
  });

  it('checks size and SHA-256', () => {
    const sha = createHash('sha256').update(content).digest('hex');
    expect(fileProblem(content, content.length, sha)).toBeNull();
    expect(fileProblem(content, content.length + 1, sha)).toMatch(/^size mismatch/);
    expect(fileProblem(content, content.length, 'a'.repeat(64))).toBe('checksum mismatch');
  });

  it('reads --upgrade-fail', () => {
    expect(parseUpgradeFaults('0.2,checksum')).toEqual({ rate: 0.2, fault: 'checksum' });
    expect(() => parseUpgradeFaults('2,checksum')).toThrow(/0\.\.1/);
    expect(() => parseUpgradeFaults('0.1,explode')).toThrow(/checksum, timeout, reboot, drop/);
  });
});
