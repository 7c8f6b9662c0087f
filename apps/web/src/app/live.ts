import routes from 'virtual:call-routes';
import { API_BASE, LIVE_CLOSE, type LiveMessage, LOGOUT_CODES } from '@roompilot/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { api } from './api';
import { currentLanguage } from './i18n';
import { bearer, getToken } from './session';

/**
 * The console's one WebSocket to `GET /apis/live` (API.md "Live push"): room changes and alerts of
 * the caller's hotel. It opens while anything listens, sends the token first, and reconnects with
 * a growing delay when it drops; while it is not open, screens fall back to polling.
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** A connection that stayed open this long was a good one: the next drop starts the delays again. */
export const STABLE_MS = 10_000;

/** The wait before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, ±20 % so consoles spread out. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Screens poll while the socket is not delivering (SPEC.md: the 10 s poll). */
export function shouldPoll(status: LiveStatus): boolean {
  return status !== 'open';
}

const MESSAGE_TYPES = new Set(['room', 'alert', 'alert_closed', 'upgrade', 'upgrade_job', 'perms']);

/**
 * A message of the socket; `resync` for the server's word that room changes were left out (the
 * console fell behind); null for anything else (ignored, as the protocol says).
 */
export function parseLiveMessage(text: unknown): LiveMessage | 'resync' | null {
  if (typeof text !== 'string') return null;
  try {
    const message = JSON.parse(text) as { type?: unknown; data?: unknown };
    if (typeof message !== 'object' || message === null) return null;
    if (message.type === 'resync') return 'resync';
    if (!MESSAGE_TYPES.has(String(message.type))) return null;
    if (typeof message.data !== 'object' || message.data === null) return null;
    return message as LiveMessage;
  } catch {
    return null;
  }
}

/** The part of a WebSocket the connection uses. */
export interface LiveSocket {
  send(data: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event?: { code?: number }) => void) | null;
  onerror: (() => void) | null;
}

/** The closes that say the session is over: logged out or ended (4401, 4433), or the hotel's validity (4410). */
const SESSION_CLOSES: readonly number[] = [...LOGOUT_CODES, LIVE_CLOSE.hotelExpired];

/** Everything the connection needs from its surroundings, so tests can drive it. */
export interface LiveEnvironment {
  open(): LiveSocket;
  token(): string | undefined;
  /** The console's language: the server writes alert texts in it (the socket has no header of ours). */
  language?(): string;
  /**
   * The server closed the socket because the session is over (4401, 4433) or the hotel's validity
   * (4410): a call through the http client finds out which and tells the user.
   */
  sessionEnded?(): void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  now(): number;
  random(): number;
}

export type LiveListener = (message: LiveMessage) => void;

export function createLiveConnection(env: LiveEnvironment) {
  const listeners = new Set<LiveListener>();
  const statusListeners = new Set<() => void>();
  const resyncListeners = new Set<() => void>();
  let status: LiveStatus = 'idle';
  let socket: LiveSocket | undefined;
  let timer: unknown;
  let attempt = 0;
  let openedAt: number | undefined;

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of statusListeners) listener();
  };

  function schedule() {
    const delay = backoffDelay(attempt, env.random);
    attempt += 1;
    timer = env.setTimer(() => {
      timer = undefined;
      connect();
    }, delay);
  }

  function connect() {
    const token = env.token();
    if (!token) {
      setStatus('idle');
      return;
    }
    setStatus('connecting');
    let ws: LiveSocket;
    try {
      ws = env.open();
    } catch {
      setStatus('down');
      schedule();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      ws.send(JSON.stringify({ token: bearer(token), lang: env.language?.() }));
      openedAt = env.now();
      setStatus('open');
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      const message = parseLiveMessage(event.data);
      if (message === 'resync') for (const listener of resyncListeners) listener();
      else if (message) for (const listener of listeners) listener(message);
    };
    // An error is always followed by a close: the close decides.
    ws.onerror = () => undefined;
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = undefined;
      if (event?.code !== undefined && SESSION_CLOSES.includes(event.code)) env.sessionEnded?.();
      if (openedAt !== undefined && env.now() - openedAt >= STABLE_MS) attempt = 0;
      openedAt = undefined;
      setStatus('down');
      schedule();
    };
  }

  function stop() {
    if (timer !== undefined) env.clearTimer(timer);
    timer = undefined;
    const ws = socket;
    socket = undefined;
    openedAt = undefined;
    attempt = 0;
    ws?.close();
    setStatus('idle');
  }

  return {
    /** Listens to every message; the first listener opens the socket, the last one to leave closes it. */
    subscribe(listener: LiveListener): () => void {
      listeners.add(listener);
      if (!socket && timer === undefined) connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    onStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    getStatus: (): LiveStatus => status,
    /** Listens for `resync`: room changes were left out while the console was behind. */
    onResync(listener: () => void): () => void {
      resyncListeners.add(listener);
      return () => {
        resyncListeners.delete(listener);
      };
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${API_BASE}${routes.live.socket.path}`;
}

export const live = createLiveConnection({
  open: () => new WebSocket(socketUrl()) as unknown as LiveSocket,
  token: getToken,
  language: currentLanguage,
  // One call through the http client meets the same code and shows its single logout dialog; a
  // session this page has ended itself (quit, a password change) needs none.
  sessionEnded: () => {
    if (getToken() !== undefined) void api.auth.userInfo().catch(() => undefined);
  },
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (handle) => window.clearTimeout(handle as number),
  now: () => Date.now(),
  random: () => Math.random(),
});

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(live.onStatus, live.getStatus);
}

/** Calls `listener` for every live message while the component is mounted (the latest listener). */
export function useLiveMessages(listener: LiveListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => live.subscribe((message) => latest.current(message)), []);
}

/**
 * Calls `onBack` when the socket opens again after being down, or when the server says room
 * changes were left out while the console was behind (`resync`): what was missed must be read again.
 */
export function useLiveReconnected(onBack: () => void): void {
  const status = useLiveStatus();
  const previous = useRef(status);
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    if (status === 'open' && previous.current === 'down') latest.current();
    previous.current = status;
  }, [status]);
  useEffect(() => live.onResync(() => latest.current()), []);
}
