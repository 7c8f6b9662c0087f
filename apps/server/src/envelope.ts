import type { Envelope } from '@roompilot/contract';

/** A success answer. */
export function ok<T>(data: T): Envelope<T> {
  return { code: 0, message: 'ok', data };
}
