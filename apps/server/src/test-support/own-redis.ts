import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, portOpen, until } from './waiting.js';

/**
 * A Redis server of a test's own, on a free loopback port and without persistence, that the test
 * may stop and start again (the fault tests: Redis restarted, coming back empty).
 */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await until(`Redis to listen on ${port}`, () => portOpen(port), Boolean, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
