import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, until } from './waiting.js';

/**
 * A Mosquitto of a test's own, on a free loopback port, anonymous and without persistence, that
 * the test may stop and start again (the fault tests: the broker restarted, its sessions gone).
 */
export interface OwnMosquitto {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

export async function startOwnMosquitto(): Promise<OwnMosquitto> {
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-own-mosquitto-'));
  fs.chmodSync(root, 0o755);
  const conf = path.join(root, 'mosquitto.conf');
  fs.writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n`);
  fs.chmodSync(conf, 0o644);
  const binary = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((file) => fs.existsSync(file)) ?? 'mosquitto';
  let child: ChildProcess | null = null;
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const start = async () => {
    child = spawn(binary, ['-c', conf], { stdio: 'ignore' });
    await until(`Mosquitto to listen on ${port}`, listening, Boolean, 10_000);
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
  return {
    url: `mqtt://127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      await stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
