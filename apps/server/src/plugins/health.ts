import type { FastifyInstance } from 'fastify';
import { read } from '../access.js';

/**
 * The operators' endpoints outside /apis (health and metrics). The console's page answers no path
 * under them (`/livez/x`), so that a mistyped probe never looks healthy (plugins/console.ts).
 */
export const OPERATOR_PATHS = ['/livez', '/readyz', '/metrics'] as const;

/** Resolves when a dependency answers; rejects with why it does not. */
export type Check = () => Promise<void>;

/** How long one check may take before its dependency counts as down: a hung one cannot hang the probe. */
export const CHECK_TIMEOUT_MS = 1_000;

export interface HealthOptions {
  /** What readiness needs, by name (`database`, `broker`, `redis`): all must answer. */
  checks: Record<string, Check>;
  timeoutMs?: number;
}

type CheckResult = 'ok' | `down: ${string}`;

/**
 * `GET /livez`: 200 while the process serves requests, nothing else looked at (a load balancer or
 * an orchestrator restarts a process that stops answering it).
 * `GET /readyz`: 200 when every check answers within its time, otherwise 503 naming what is down
 * (take the instance out of the pool until it is back). The checks run at once, each bounded; a
 * check still running when the next probe comes is shared by it, so a hung dependency never piles
 * up queries (a PostgreSQL pool drained by probes).
 */
export async function healthPlugin(app: FastifyInstance, options: HealthOptions) {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  /** The checks under way: a probe that comes while one still runs waits on it rather than starting another. */
  const running = new Map<string, Promise<void>>();
  /** Each check's last result, to log a change (down, back up) once rather than every probe. */
  const last = new Map<string, CheckResult>();

  function runCheck(name: string, check: Check): Promise<CheckResult> {
    let underWay = running.get(name);
    if (!underWay) {
      underWay = Promise.resolve()
        .then(check)
        .finally(() => running.delete(name));
      running.set(name, underWay);
    }
    return bounded(underWay, timeoutMs);
  }

  const probe = { config: read('public'), schema: { hide: true } };
  app.get('/livez', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', probe, async (_request, reply) => {
    const names = Object.keys(options.checks);
    const results = await Promise.all(names.map((name) => runCheck(name, options.checks[name] as Check)));
    const checks = Object.fromEntries(names.map((name, index) => [name, results[index] as CheckResult]));
    for (const [name, result] of Object.entries(checks)) {
      const before = last.get(name);
      last.set(name, result);
      if (result !== 'ok' && before !== result)
        app.log.warn({ check: name, result }, 'readiness: a dependency is down');
      if (result === 'ok' && before !== undefined && before !== 'ok')
        app.log.info({ check: name }, 'readiness: back up');
    }
    const ready = results.every((result) => result === 'ok');
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: ready ? 'ready' : 'unready', checks };
  });
}

/** A check's result within `timeoutMs`: `ok`, or `down:` and a short reason (never a URL: the answer is public). */
async function bounded(check: Promise<void>, timeoutMs: number): Promise<CheckResult> {
  try {
    await withTimeout(check, timeoutMs);
    return 'ok';
  } catch (error) {
    return `down: ${reasonOf(error)}`;
  }
}

/** The promise's outcome, or a rejection after `ms` ("no answer within 1 s"). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  const text =
    error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);
  const plain = text
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 120 ? `${plain.slice(0, 120)}…` : plain || 'unknown error';
}
