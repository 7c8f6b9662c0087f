// PostgreSQL, Redis and Mosquitto for a benchmark, as scripts/services.sh starts them for the tests:
// on loopback ports of their own, in a temporary folder; stopServices stops them. Whatever a
// benchmark started and did not stop is stopped when it exits, fails or is interrupted: a run cut
// short leaves no PostgreSQL, Redis or Mosquitto behind.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.join(import.meta.dirname, '..', '..');

/** The folders of the services started and not yet stopped. */
const running = new Set();

function stopAll() {
  for (const dir of running) stopServices(dir);
}

let exitHooked = false;
/** On exit, however it comes, the services still running are stopped (synchronously: `exit` allows nothing else). */
function stopOnExit() {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', stopAll);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    // A benchmark with its own handler cleans up and exits itself (and `exit` stops what is left);
    // otherwise the signal would end the process without `exit`, so this one ends it.
    process.on(signal, () => {
      if (process.listenerCount(signal) === 1) process.exit(code);
    });
  }
}

/** PostgreSQL, Redis and Mosquitto as scripts/services.sh starts them, in a folder of their own. */
export function startServices() {
  const dir = fs.mkdtempSync('/tmp/rp-cluster-bench-');
  running.add(dir);
  stopOnExit();
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
  running.delete(dir);
  execFileSync('bash', ['-c', 'source scripts/services.sh && SERVICES_DIR="$1" && services_stop', 'bash', dir], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
