import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..', '..');

export const ADMIN_PASSWORD = 'admin-e2e-password';

export interface RunningServer {
  url: string;
  /** The embedded MQTT broker the RCUs connect to. */
  mqttUrl: string;
  dataDir: string;
  /** Calls the API as an outside tool would: `{code, message, data}`. */
  api<T = unknown>(
    path: string,
    body?: unknown,
    token?: string,
    method?: 'POST' | 'PUT',
  ): Promise<{ code: number; message: string; data: T }>;
  login(userName: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the built server (`apps/server/dist/server.js`) on a fresh data folder and free ports. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'roompilot-e2e-'));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const response = await fetch(`${url}/apis/site`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 30 s:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  async function api<T>(path: string, body?: unknown, token?: string, method: 'POST' | 'PUT' = 'POST') {
    const response = await fetch(`${url}/apis${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    });
    return (await response.json()) as { code: number; message: string; data: T };
  }

  return {
    url,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    dataDir,
    api,
    async login(userName, password) {
      const answer = await api<{ token: string }>('/login', { user_name: userName, password });
      if (answer.code !== 0) throw new Error(`login ${userName}: ${answer.code} ${answer.message}`);
      return answer.data.token;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
