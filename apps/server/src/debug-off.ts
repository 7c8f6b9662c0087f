import Module, { createRequire } from 'node:module';
import { requireThrough } from './require-through.js';

/**
 * The `debug` module, off while DEBUG is not set. mqtt-packet (the embedded broker's parser and the
 * outside broker client's), mqtt.js and ioredis log through it, and its loggers cost even when
 * off: each call gathers its arguments into a new array, then reads `enabled` through a getter.
 * mqtt-packet calls one about eight times for every packet it parses: 18 % of all the server
 * allocated under a flood of state messages (bench/ingest.mjs, sampled; docs/benchmarks.md).
 * So, with DEBUG unset, the copies of `debug` those libraries load are replaced in Node's module
 * cache by loggers that take no arguments and do nothing. With DEBUG set at start (for instance
 * `DEBUG=mqtt-packet:*,ioredis:*`), nothing is replaced and they log as their documentation says.
 *
 * Imported for its effect, first of all, by `app.ts`: the cache must hold it before those libraries
 * are loaded.
 */

/** The packages that log through `debug`, each as the chain of packages it is reached by. */
const USERS = [['aedes', 'mqtt-packet'], ['mqtt'], ['mqtt', 'mqtt-packet'], ['ioredis']];

interface SilentLogger {
  (): void;
  enabled: boolean;
  namespace: string;
  useColors: boolean;
  color: string;
  diff: number;
  log: () => void;
  destroy: () => boolean;
  extend: (name: string, delimiter?: string) => SilentLogger;
}

function silentLogger(namespace: string): SilentLogger {
  return Object.assign(() => {}, {
    enabled: false,
    namespace,
    useColors: false,
    color: '',
    diff: 0,
    log: () => {},
    destroy: () => true,
    extend: (name: string, delimiter = ':') => silentLogger(`${namespace}${delimiter}${name}`),
  });
}

/** What `require('debug')` answers: the factory and the module's own functions, all quiet. */
function silentDebug() {
  const factory = Object.assign((namespace: string) => silentLogger(namespace), {
    enable: () => {},
    disable: () => '',
    enabled: () => false,
    coerce: (value: unknown) => value,
    humanize: (ms: number) => `${ms}ms`,
    selectColor: () => '',
    log: () => {},
    formatArgs: () => {},
    save: () => {},
    load: () => undefined,
    useColors: () => false,
    init: () => {},
    destroy: () => {},
    names: [] as RegExp[],
    skips: [] as RegExp[],
    formatters: {} as Record<string, unknown>,
    colors: [] as number[],
    inspectOpts: {},
  });
  return Object.assign(factory, { debug: factory, default: factory });
}

/** The file `require('debug')` loads from the package reached by `chain`; null when not installed. */
function debugFileOf(chain: string[]): string | null {
  try {
    return requireThrough(chain)?.resolve('debug') ?? null;
  } catch {
    return null;
  }
}

/**
 * Puts the quiet `debug` in Node's module cache for every library that logs through it, unless
 * `env.DEBUG` is set; answers the files it stands in for (none when it did nothing).
 */
export function silenceDebug(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.DEBUG) return [];
  const files = new Set(USERS.map(debugFileOf).filter((file): file is string => file !== null));
  const exports = silentDebug();
  for (const file of files) {
    const module = new Module(file);
    module.filename = file;
    module.exports = exports;
    module.loaded = true;
    createRequire(import.meta.url).cache[file] = module;
  }
  return [...files];
}

silenceDebug();
