import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './test-support/waiting.js';

const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-start-test-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The built server started once with `env`; answers its exit code and what it wrote. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', MQTT_URL: '', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

it('a port already taken stops the start before anything is migrated, seeded or printed', async () => {
  const taken = net.createServer();
  const port = await freePort();
  await new Promise<void>((resolve) => taken.listen({ port, host: '127.0.0.1' }, resolve));
  try {
    const { code, output } = await start({
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
    });
    expect(code).toBe(1);
    expect(output).toContain(`PORT ${port} on 127.0.0.1 is already in use (another RoomPilot?)`);
    // Also a fatal line of the JSON log, for a log collector that reads stdout alone.
    const fatal = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(fatal).toContainEqual(
      expect.objectContaining({ level: 60, msg: expect.stringContaining(`start failed: PORT ${port} on 127.0.0.1`) }),
    );
    expect(output).not.toContain('Administrator password');
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('roompilot.db'))).toEqual([]);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
}, 40_000);

it('an unreachable PostgreSQL stops the start naming DATABASE_URL, never its password', async () => {
  const port = await freePort();
  const { code, output } = await start({
    PORT: String(await freePort()),
    MQTT_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: `postgres://rp:pg-secret-1@127.0.0.1:${port}/rp`,
  });
  expect(code).toBe(1);
  expect(output).toContain(`DATABASE_URL: the PostgreSQL server at 127.0.0.1:${port} cannot be reached`);
  expect(output).not.toContain('pg-secret-1');
}, 40_000);

it('says at start which version runs, on which database and live state, and the device sync', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-start-up-'));
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      HOST: '127.0.0.1',
      DEMO: '0',
      PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: folder,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const line = await new Promise<Record<string, unknown>>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`no start line in: ${output}`)), 30_000);
      child.stdout.on('data', (chunk) => {
        output += String(chunk);
        const up = output.split('\n').find((text) => text.includes(' is up: '));
        if (up) {
          clearTimeout(timer);
          resolve(JSON.parse(up) as Record<string, unknown>);
        }
      });
    });
    const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(line).toMatchObject({
      version,
      dataDir: folder,
      database: path.join(folder, 'roompilot.db'),
      liveState: 'memory (this instance alone)',
      deviceSync: 'embedded broker',
      msg: expect.stringContaining(`RoomPilot ${version} is up: console http://127.0.0.1:`),
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(folder, { recursive: true, force: true });
  }
}, 40_000);
