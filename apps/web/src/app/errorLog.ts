import { useSyncExternalStore } from 'react';

/** One uncaught UI error, as the error-log dialog lists it (SPEC.md section 8). */
export interface ErrorLogEntry {
  id: number;
  message: string;
  info: string;
  url: string;
  stack: string;
  time: number;
}

const MAX_ENTRIES = 50;
/** Browser noise that is not an application error. */
const IGNORED = [/ResizeObserver loop/];

let entries: readonly ErrorLogEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ErrorLogEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

export function logError(error: unknown, info: string, url = window.location.href): void {
  const { message, stack } = describe(error);
  if (IGNORED.some((pattern) => pattern.test(message))) return;
  publish([...entries, { id: nextId++, message, info, url, stack, time: Date.now() }].slice(-MAX_ENTRIES));
}

export function clearErrorLog(): void {
  publish([]);
}

/** Collects what escapes every handler: script errors and rejected promises nobody awaited. */
export function installGlobalErrorHandlers(target: Window): void {
  target.addEventListener('error', (event) => {
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : 'window.onerror';
    logError(event.error ?? event.message, where);
  });
  target.addEventListener('unhandledrejection', (event) => {
    logError(event.reason, 'unhandledrejection');
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useErrorLog(): readonly ErrorLogEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}
