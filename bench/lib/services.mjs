// PostgreSQL, Redis and Mosquitto for a benchmark, as scripts/services.sh starts them for the tests:
// on loopback ports of their own, in a temporary folder; stopServices stops them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.join(import.meta.dirname, '..', '..');

/** PostgreSQL, Redis and Mosquitto as scripts/services.sh starts them, in a folder of their own. */
export function startServices() {
  const dir = fs.mkdtempSync('/tmp/rp-cluster-bench-');
  try {
    const out = execFileSync(
      'bash',
      ['-c', 'source scripts/services.sh && services_start "$1" >&2 && services_env', 'bash', dir],
      { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const env = Object.fromEntries(
      out
        .split('\n')
        .filter((line) => line.startsWith('export '))
        .map((line) => line.slice('export '.length).split('=')),
    );
    const pidOf = (file) => Number(fs.readFileSync(path.join(dir, file), 'utf8').split('\n')[0]);
    return {
      dir,
      databaseUrl: env.TEST_DATABASE_URL,
      redisUrl: env.TEST_REDIS_URL,
      mqttUrl: env.TEST_MQTT_URL,
      mqttPort: Number(new URL(env.TEST_MQTT_URL).port),
      redisPort: Number(new URL(env.TEST_REDIS_URL).port),
      pids: {
        postgres: pidOf('pg/data/postmaster.pid'),
        redis: pidOf('redis.pid'),
        mosquitto: pidOf('mosquitto/mosquitto.pid'),
      },
    };
  } catch (error) {
    // Whatever of the three did start is stopped (services.sh goes on when one fails to start).
    const logs = ['pg/init.log', 'pg/pg.log', 'redis.log', 'mosquitto/mosquitto.log']
      .map((file) => path.join(dir, file))
      .filter((file) => fs.existsSync(file))
      .map((file) => `${file}:\n${fs.readFileSync(file, 'utf8').split('\n').slice(-4).join('\n')}`);
    stopServices(dir);
    throw new Error(`the services did not all start: ${error.message}\n${logs.join('\n')}`);
  }
}

export function stopServices(dir) {
  execFileSync('bash', ['-c', 'source scripts/services.sh && SERVICES_DIR="$1" && services_stop', 'bash', dir], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
