// The BUILT RoomPilot server (apps/server/dist/server.js) as its own process, on a fresh SQLite data
// folder and free ports, for the benchmarks that drive it from outside (Chromium, HTTP): the
// screen-load and floor-view benchmarks. `api` makes a call of the table as an outside tool does.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, CALLS } from '@roompilot/contract';
import { sleep } from './harness.mjs';

const repoRoot = join(import.meta.dirname, '..', '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server; `env` adds settings (ADMIN_PASSWORD, DEMO, …) over the embedded
 * defaults. Answers its URL, its MQTT port and `stop()` (which also removes its data folder).
 */
export async function startBuiltServer({ name, env = {} }) {
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `roompilot-${name}-`));
  // BENCH_SERVER_NODE_ARGS: options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_CPUS: the cores the server may use (`taskset -c`, e.g. `0`), so that what stands in
  // for the devices and the consoles (run the benchmark itself under `taskset -c 1`) does not take
  // the server's CPU, as real RCUs and browsers do not. taskset execs node: the pid is the server's.
  const pinned = process.env.BENCH_SERVER_CPUS ? ['taskset', '-c', process.env.BENCH_SERVER_CPUS] : [];
  const command = [...pinned, process.execPath, ...nodeArgs, join(repoRoot, 'apps/server/dist/server.js')];
  const child = spawn(command[0], command.slice(1), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('server did not start in 30 s');
    try {
      if ((await fetch(`${url}${API_BASE}${CALLS.site.calls.info.path}`)).ok) break;
    } catch {}
  }
  return {
    url,
    mqttPort,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A call of the table, as an outside tool makes it; throws on a non-zero code. A server past its
 * capacity (4429, `Retry-After`) is asked again after the wait it names, up to ten times.
 */
export async function api(url, { method, path }, body, token) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${url}${API_BASE}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
    });
    const answer = await response.json();
    const retryAfter = Number(response.headers.get('retry-after'));
    if (answer.code === 4429 && retryAfter > 0 && attempt < 10) {
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      continue;
    }
    if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
    return answer.data;
  }
}
