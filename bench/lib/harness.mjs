// What the live benchmarks share: child processes answering requests over IPC (the server and the
// publishers each run in their own process, so each one's CPU is its own), the machine's figures,
// percentiles.
import { execSync, fork } from 'node:child_process';
import os from 'node:os';

/** Forks `file`; `request(cmd, args)` resolves with the child's answer. The child ends with its parent. */
export function spawnChild(file, { execArgv = [], env = {} } = {}) {
  const child = fork(file, [], {
    execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  let next = 0;
  const waiting = new Map();
  let exited = null;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = code ?? signal;
      for (const { reject } of waiting.values()) reject(new Error(`${file} exited (${exited}) before answering`));
      waiting.clear();
      resolve(exited);
    });
  });
  child.on('message', (message) => {
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error));
    else pending.resolve(message.result);
  });
  return {
    pid: child.pid,
    request(cmd, args = {}) {
      if (exited !== null) return Promise.reject(new Error(`${file} has exited (${exited})`));
      return new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        child.send({ id, cmd, args });
      });
    },
    /** Asks the child to clean up and exit; kills it (by its pid) if it has not within `ms`. */
    async stop(ms = 10_000) {
      if (exited !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      this.request('exit').catch(() => {});
      await exit;
      clearTimeout(timer);
    },
  };
}

/** The child's side: `handlers[cmd](args)` answers each request; `exit` runs `handlers.exit` then exits. */
export function serve(handlers) {
  process.on('message', async ({ id, cmd, args }) => {
    try {
      if (cmd === 'exit') {
        await handlers.exit?.();
        process.send({ id, result: null }, () => process.exit(0));
        return;
      }
      const handler = handlers[cmd];
      if (!handler) throw new Error(`unknown request ${cmd}`);
      process.send({ id, result: (await handler(args)) ?? null });
    } catch (error) {
      process.send({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
  // The benchmark went away (finished, failed or interrupted): nothing is left running.
  process.on('disconnect', () => process.exit(0));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The open-files limit of this shell's children (`ulimit -n`), or null when unknown. */
export function fileLimit() {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim());
  } catch {
    return null;
  }
}

/** One line on the machine and its load: the figures depend on both. */
export function machineLine() {
  const [one, five] = os.loadavg();
  const gib = (bytes) => (bytes / 1024 ** 3).toFixed(1);
  return (
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}, ` +
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), ${gib(os.totalmem())} GiB RAM ` +
    `(${gib(os.freemem())} free), load average ${one.toFixed(2)} / ${five.toFixed(2)} (1 / 5 min)`
  );
}

export const load1 = () => os.loadavg()[0].toFixed(2);

export const mb = (bytes) => (bytes / 1024 ** 2).toFixed(0);

/** Splits `items` into `parts` nearly equal slices. */
export function split(items, parts) {
  const slices = Array.from({ length: parts }, () => []);
  items.forEach((item, index) => {
    slices[index % parts].push(item);
  });
  return slices.filter((slice) => slice.length > 0);
}

/** CPU used between two `process.cpuUsage()` readings over `ms`, as a percentage of one core. */
export function cpuPercent(before, after, ms) {
  return ((after.user - before.user + after.system - before.system) / 1000 / ms) * 100;
}
