import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A Redis of a test's own, on a free loopback port, without persistence: stopped and started
 * again, it comes back empty, as a Redis restarted without its data would (the fault tests).
 */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > end) throw new Error(`Redis did not open port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const bin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => fs.existsSync(file));
  if (!bin) throw new Error('redis-server is not installed: `npm test` installs the Debian redis-server package');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-own-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', root],
      { stdio: 'ignore' },
    );
    child = started;
    const failed = new Promise<never>((_, reject) =>
      started.once('exit', (code) => reject(new Error(`redis-server exited (${code})`))),
    );
    failed.catch(() => {});
    await Promise.race([waitForPort(port), failed]);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
