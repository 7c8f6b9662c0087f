// Processes side by side in one terminal, for `npm start` and `npm run dev`: each child runs in a
// process group of its own, so that Ctrl-C reaches this supervisor alone, which passes it on to
// every child once and waits for all of them; a child's lines can carry a label (`sim │ …`).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const isTty = process.stdout.isTTY;
const dim = (text) => (isTty ? `\x1b[2m${text}\x1b[0m` : text);

function pipeLines(stream, target, label) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) target.write(`${label}${line}\n`);
  });
  stream.on('end', () => {
    if (rest) target.write(`${label}${rest}\n`);
  });
}

/**
 * A group of child processes. `essential` children end the group when they end on their own (the
 * server, the watchers); the others (the simulator) may end alone, with a note. Ctrl-C or SIGTERM
 * stops every child; a second Ctrl-C more than a second later kills those still running.
 */
export function processGroup(name) {
  const children = new Set();
  let stopping = false;
  let stoppedAt = 0;
  let exitCode = 0;

  const finishIfDone = () => {
    if (stopping && children.size === 0) process.exit(exitCode);
  };

  const stop = (signal = 'SIGINT', code = exitCode) => {
    exitCode = code;
    if (stopping) {
      if (Date.now() - stoppedAt > 1000) {
        for (const { child, label } of children) {
          console.error(`${name}: ${label} still running, killed`);
          child.kill('SIGKILL');
        }
      }
      return;
    }
    stopping = true;
    stoppedAt = Date.now();
    // Clients first (the simulator says goodbye to the broker), then what they talk to.
    const first = [...children].filter((entry) => entry.stopFirst);
    const rest = () => {
      for (const entry of children) if (!entry.stopFirst) entry.child.kill(signal);
    };
    for (const { child } of first) child.kill(signal);
    if (first.length === 0) rest();
    else {
      const waited = setTimeout(rest, 5_000);
      Promise.all(
        first.map(
          ({ child }) =>
            (child.exitCode ?? child.signalCode) !== null || new Promise((done) => child.once('exit', done)),
        ),
      ).then(() => {
        clearTimeout(waited);
        rest();
      });
    }
    finishIfDone();
  };

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
  }
  // Should this process end some other way, its children do not outlive it.
  process.on('exit', () => {
    for (const { child } of children) child.kill('SIGKILL');
  });

  return {
    get stopping() {
      return stopping;
    },
    stop,
    /**
     * Starts `command args`. `label`: how the child is named in notes (and, with `prefix`, before
     * each of its lines; without, it writes to the terminal directly: the server's pretty logs).
     * `stopFirst`: stopped before the others (a client of the server).
     */
    start(
      command,
      args,
      { label, prefix = false, essential = true, stopFirst = false, env = process.env, onExit } = {},
    ) {
      const child = spawn(command, args, {
        cwd: resolve(import.meta.dirname, '../..'),
        env,
        detached: true,
        stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
      });
      const entry = { child, label, stopFirst };
      children.add(entry);
      if (prefix) {
        const tag = dim(`${label.padEnd(6)}│ `);
        pipeLines(child.stdout, process.stdout, tag);
        pipeLines(child.stderr, process.stderr, tag);
      }
      child.on('error', (error) => console.error(`${name}: ${label} could not start: ${error.message}`));
      child.on('exit', (code, signal) => {
        children.delete(entry);
        if (!stopping) {
          onExit?.(code, signal);
          if (essential) {
            console.error(`${name}: ${label} ended (${signal ?? `exit ${code}`}); stopping the others`);
            stop('SIGTERM', code || 1);
          }
        }
        finishIfDone();
      });
      return child;
    },
  };
}

/** `true` or `false` from a 0/1 variable with a default; anything else ends the script. */
export function flag(env, name, fallback) {
  const value = env[name]?.trim() || fallback;
  if (value !== '0' && value !== '1') {
    console.error(`Invalid configuration:\n  ${name}=${JSON.stringify(env[name])}: must be 0 or 1`);
    process.exit(1);
  }
  return value === '1';
}

/** Where a server configured by `env` (PORT, HOST) answers on this machine. */
export function serverAddress(env) {
  const port = env.PORT?.trim() || '8080';
  const listen = env.HOST?.trim() || '0.0.0.0';
  const host = listen === '0.0.0.0' || listen === '::' ? '127.0.0.1' : listen.includes(':') ? `[${listen}]` : listen;
  return { host, port, url: `http://${host}:${port}` };
}

/**
 * How to run the simulator for the demo hotel beside a server configured by `env` (the server's
 * own variables: PORT, HOST, MQTT_URL, MQTT_PORT, DATA_DIR, ADMIN_PASSWORD), or null with the
 * reason when it cannot be. It logs in as the Administrator once the server answers: with
 * ADMIN_PASSWORD, else with the password the first start wrote to <DATA_DIR>/initial-admin-password.
 */
export function demoSimulator(env, root) {
  const { host, port, url } = serverAddress(env);
  if (port === '0') return { reason: 'PORT=0 (a port chosen at start): the simulator cannot find the server' };
  const mqtt = withoutLogin(env.MQTT_URL?.trim() || `mqtt://${host}:${env.MQTT_PORT?.trim() || '1883'}`);
  const args = [
    resolve(root, 'apps/rcu-sim/dist/cli.js'),
    '--demo',
    '--server',
    url,
    '--url',
    mqtt,
    '--wait',
    '120',
    '--quiet',
  ];
  const childEnv = { ...env };
  const adminPassword = env.ADMIN_PASSWORD?.trim();
  if (adminPassword) childEnv.ROOMPILOT_PASSWORD = adminPassword;
  else {
    delete childEnv.ROOMPILOT_PASSWORD;
    args.push('--password-file', resolve(root, env.DATA_DIR?.trim() || './data', 'initial-admin-password'));
  }
  return { args, env: childEnv };
}

/**
 * MQTT_URL without the servers' login (everything up to its last `@`): the simulated RCUs log in
 * with their own keys (mqtt.js would take the URL's login over theirs), and the simulator's command
 * line, which `ps` shows, and its lines must not carry the servers' password.
 */
function withoutLogin(url) {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/).*@/i, '$1');
}

/** Runs the demo simulator in `group` unless SIMULATE=0; says why when it cannot. */
export function startDemoSimulator(group, root, env = process.env) {
  if (!flag(env, 'SIMULATE', '1')) return;
  const sim = demoSimulator(env, root);
  if (!sim.args) {
    console.error(`simulator off: ${sim.reason}`);
    return;
  }
  group.start(process.execPath, sim.args, {
    label: 'sim',
    prefix: true,
    essential: false,
    stopFirst: true,
    env: sim.env,
    onExit: (code, signal) => {
      if (code === 0) return;
      console.error(
        `simulator stopped (${signal ?? `exit ${code}`}); the server goes on. The simulator logs in as the Administrator with ADMIN_PASSWORD, else with <DATA_DIR>/initial-admin-password; SIMULATE=0 turns it off`,
      );
    },
  });
}
