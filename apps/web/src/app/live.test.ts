import { describe, expect, it } from 'vitest';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  createLiveConnection,
  type LiveEnvironment,
  type LiveSocket,
  parseLiveMessage,
  STABLE_MS,
  shouldPoll,
} from './live';

class FakeSocket implements LiveSocket {
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event?: { code?: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

function setup(token: string | null = '"tok"') {
  const sockets: FakeSocket[] = [];
  const ended: number[] = [];
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  let now = 0;
  const env: LiveEnvironment = {
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    token: () => token ?? undefined,
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
    now: () => now,
    random: () => 0.5,
    sessionEnded: () => ended.push(now),
  };
  const connection = createLiveConnection(env);
  const fire = () => {
    const timer = timers.at(-1);
    if (!timer || timer.cleared) throw new Error('no pending timer');
    timer.cleared = true;
    timer.callback();
  };
  return {
    connection,
    sockets,
    ended,
    timers,
    fire,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('backoffDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('spreads consoles by ±20 %', () => {
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 0.999999)).toBe(1200);
    expect(backoffDelay(20, () => 0.999999)).toBeLessThanOrEqual(BACKOFF_MAX_MS * 1.2);
  });
});

describe('shouldPoll', () => {
  it('polls unless the socket is open', () => {
    expect(shouldPoll('open')).toBe(false);
    expect(shouldPoll('connecting')).toBe(true);
    expect(shouldPoll('down')).toBe(true);
    expect(shouldPoll('idle')).toBe(true);
  });
});

describe('parseLiveMessage', () => {
  it('reads the message types (rooms, alerts, upgrades, perms) and ignores anything else', () => {
    expect(parseLiveMessage('{"type":"alert_closed","data":{"id":3}}')).toEqual({
      type: 'alert_closed',
      data: { id: 3 },
    });
    expect(parseLiveMessage('{"type":"room","data":{"room_id":1}}')).toMatchObject({ type: 'room' });
    expect(parseLiveMessage('{"type":"upgrade","data":{"job_id":1}}')).toMatchObject({ type: 'upgrade' });
    expect(parseLiveMessage('{"type":"upgrade_job","data":{"job_id":1}}')).toMatchObject({ type: 'upgrade_job' });
    expect(parseLiveMessage('{"type":"perms","data":{"user_id":4}}')).toEqual({ type: 'perms', data: { user_id: 4 } });
    expect(parseLiveMessage('{"type":"resync","data":{"rooms":true}}')).toBe('resync');
    expect(parseLiveMessage('{"type":"hello","data":{}}')).toBeNull();
    expect(parseLiveMessage('{"type":"room"}')).toBeNull();
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('the live connection', () => {
  it('opens with the first listener, sends the token first, and delivers messages', () => {
    const { connection, sockets } = setup();
    const received: unknown[] = [];
    expect(connection.getStatus()).toBe('idle');
    connection.subscribe((message) => received.push(message));
    expect(connection.getStatus()).toBe('connecting');
    const socket = sockets[0] as FakeSocket;
    socket.onopen?.();
    expect(socket.sent).toEqual(['{"token":"tok"}']);
    expect(connection.getStatus()).toBe('open');
    socket.onmessage?.({ data: '{"type":"alert","data":{"id":1}}' });
    socket.onmessage?.({ data: 'garbage' });
    expect(received).toEqual([{ type: 'alert', data: { id: 1 } }]);
  });

  it('tells the screens to read again when the server says room changes were left out (resync)', () => {
    const { connection, sockets } = setup();
    const received: unknown[] = [];
    let resyncs = 0;
    connection.subscribe((message) => received.push(message));
    const stop = connection.onResync(() => {
      resyncs += 1;
    });
    const socket = sockets[0] as FakeSocket;
    socket.onopen?.();
    socket.onmessage?.({ data: '{"type":"resync","data":{"rooms":true}}' });
    expect(resyncs).toBe(1);
    expect(received).toEqual([]);
    stop();
    socket.onmessage?.({ data: '{"type":"resync","data":{"rooms":true}}' });
    expect(resyncs).toBe(1);
  });

  it('asks to log in again when the server closes the socket for an ended session', () => {
    const { connection, sockets, ended, fire } = setup();
    connection.subscribe(() => undefined);
    (sockets[0] as FakeSocket).onopen?.();
    sockets[0]?.onclose?.({ code: 1006 });
    expect(ended).toHaveLength(0);
    fire();
    (sockets[1] as FakeSocket).onopen?.();
    sockets[1]?.onclose?.({ code: 4433 });
    expect(ended).toHaveLength(1);
  });

  it("finds out why when the server closes the socket because the hotel's validity is over (4410)", () => {
    const { connection, sockets, ended } = setup();
    connection.subscribe(() => undefined);
    (sockets[0] as FakeSocket).onopen?.();
    sockets[0]?.onclose?.({ code: 4410 });
    expect(ended).toHaveLength(1);
  });

  it('shares one socket between listeners and closes it when the last leaves', () => {
    const { connection, sockets } = setup();
    const leaveA = connection.subscribe(() => undefined);
    const leaveB = connection.subscribe(() => undefined);
    expect(sockets).toHaveLength(1);
    leaveA();
    expect(sockets[0]?.closed).toBe(false);
    leaveB();
    expect(sockets[0]?.closed).toBe(true);
    expect(connection.getStatus()).toBe('idle');
  });

  it('reconnects after a drop with growing delays, and is down (polling) meanwhile', () => {
    const { connection, sockets, timers, fire } = setup();
    connection.subscribe(() => undefined);
    sockets[0]?.onclose?.();
    expect(connection.getStatus()).toBe('down');
    expect(timers.at(-1)?.ms).toBe(1000);
    fire();
    expect(sockets).toHaveLength(2);
    sockets[1]?.onclose?.();
    expect(timers.at(-1)?.ms).toBe(2000);
    fire();
    sockets[2]?.onclose?.();
    expect(timers.at(-1)?.ms).toBe(4000);
  });

  it('starts the delays again after a connection that stayed open', () => {
    const { connection, sockets, timers, fire, advance } = setup();
    connection.subscribe(() => undefined);
    sockets[0]?.onclose?.();
    fire();
    sockets[1]?.onclose?.();
    expect(timers.at(-1)?.ms).toBe(2000);
    fire();
    sockets[2]?.onopen?.();
    advance(STABLE_MS);
    sockets[2]?.onclose?.();
    expect(timers.at(-1)?.ms).toBe(1000);
  });

  it('an accepted then refused connection keeps backing off', () => {
    const { connection, sockets, timers, fire, advance } = setup();
    connection.subscribe(() => undefined);
    sockets[0]?.onopen?.();
    advance(100);
    sockets[0]?.onclose?.();
    expect(timers.at(-1)?.ms).toBe(1000);
    fire();
    sockets[1]?.onopen?.();
    advance(100);
    sockets[1]?.onclose?.();
    expect(timers.at(-1)?.ms).toBe(2000);
  });

  it('cancels a pending reconnect when the last listener leaves', () => {
    const { connection, sockets, timers } = setup();
    const leave = connection.subscribe(() => undefined);
    sockets[0]?.onclose?.();
    leave();
    expect(timers.at(-1)?.cleared).toBe(true);
    expect(connection.getStatus()).toBe('idle');
  });

  it('does not connect without a session', () => {
    const { connection, sockets } = setup(null);
    connection.subscribe(() => undefined);
    expect(sockets).toHaveLength(0);
    expect(connection.getStatus()).toBe('idle');
  });
});
