import { createRequire } from 'node:module';

/**
 * `require` as the last package of `chain` has it, each package resolved from the one before
 * (`['aedes', 'mqtt-packet']`: mqtt-packet as Aedes loads it); null when one is not installed.
 * For the few places that must reach a library's own dependency (debug-off.ts, packet-reads.ts).
 */
export function requireThrough(chain: readonly string[]): NodeJS.Require | null {
  try {
    let require = createRequire(import.meta.url);
    for (const name of chain) require = createRequire(require.resolve(name));
    return require;
  } catch {
    return null;
  }
}
