import { randomBytes } from 'node:crypto';
import {
  type AckPayload,
  COMMAND_TIMEOUT_MS,
  type CommandFields,
  type CommandOp,
  type DeviceState,
  type EventPayload,
  HEARTBEAT_MAX_MS,
  type HelloPayload,
  type StatePayload,
  UP_KINDS,
  type UpgradePayload,
  type UpKind,
} from '@roompilot/contract';
import { throttledLog, throttledLogs } from '../log-throttle.js';
import { type BudgetLimits, RcuBudget, type RcuCounters } from './budget.js';
import { type DropReason, decodeUp, encodeCommand, plausibleTime, type UpMessage } from './codec.js';
import type { Device, DeviceDirectory } from './directory.js';
import { joinExternalBroker, startEmbeddedBroker, type Transport } from './transport.js';

/**
 * The device gateway: RCUs in, typed events out, commands down with their acks. The rest of the
 * server never sees a topic or a packet.
 */

export interface GatewayEvents {
  online: { device: Device; online: boolean; at: Date };
  hello: { device: Device; hello: HelloPayload; at: Date };
  /**
   * A room's state: one RCU message, or several that came while the server was busy, folded in the
   * order they came (later values win; each device's and the meter's fields merged): `messages`
   * says how many.
   */
  state: { device: Device; state: StatePayload; at: Date; messages: number };
  /**
   * `event.ts` is the device's time when plausible, else the receive time (`at`); `sent` keeps what
   * the RCU sent for the record: its `ts` as it came (undefined: none), and the payload's text when
   * an SOS outside the protocol was salvaged from it.
   */
  event: { device: Device; event: EventPayload; at: Date; sent: { ts: unknown; raw: string | null } };
  upgrade: { device: Device; report: UpgradePayload; at: Date };
  /**
   * This instance has heard nothing from the RCU since `lastHeard`, a heartbeat window ago
   * (PROTOCOL.md: 3 missed heartbeats). Another instance may have (shared subscriptions): the
   * listener checks the shared live state, and calls `watch` to look again later if it was heard.
   */
  silent: { device: Device; lastHeard: Date; at: Date };
  /**
   * The RCU went over its message budget: the first drop of a flood (raise the room's alert), or
   * `ongoing`, the flood going on (its open alert stays open; it clears once these stop).
   */
  flooding: { device: Device; kind: 'event' | 'state'; limits: BudgetLimits; at: Date; ongoing: boolean };
}
export type GatewayEventName = keyof GatewayEvents;
type Handler<K extends GatewayEventName> = (event: GatewayEvents[K]) => void | Promise<void>;

/**
 * How long one turn of the event loop spends handing on waiting state messages before it lets the sockets
 * in again: an SOS (any event) is handled as it arrives, never behind the telemetry of a busy moment.
 */
export const STATE_SLICE_MS = 2;

/**
 * `later` folded into `earlier` (two states of one RCU, in the order they came): flags replaced,
 * device and energy fields merged. `earlier` is changed in place (it is the gateway's own, waiting
 * for its turn: a server that falls behind folds most messages, and copying each cost as much).
 */
export function foldState(earlier: StatePayload, later: StatePayload): StatePayload {
  for (const name in later) {
    const key = name as keyof StatePayload;
    if (key === 'devices' || key === 'energy') continue;
    (earlier as Record<string, unknown>)[key] = later[key];
  }
  if (later.devices) {
    if (!earlier.devices) earlier.devices = later.devices;
    else {
      for (const key in later.devices) {
        const device = earlier.devices[key];
        const next = later.devices[key] as DeviceState;
        if (device) Object.assign(device, next);
        else earlier.devices[key] = next;
      }
    }
  }
  if (later.energy) earlier.energy = earlier.energy ? Object.assign(earlier.energy, later.energy) : later.energy;
  return earlier;
}

/** An RCU is taken offline after 3 missed heartbeats (PROTOCOL.md): this long without any message. */
export const HEARTBEAT_TIMEOUT_MS = 3 * HEARTBEAT_MAX_MS;

/** The RCU did not acknowledge a command in time: offline, or not answering. Not retried. */
export class DeviceTimeoutError extends Error {
  override name = 'DeviceTimeoutError';
  constructor(
    readonly rcuId: string,
    readonly op: CommandOp,
    readonly timeoutMs: number,
  ) {
    super(`device ${rcuId} did not answer the ${op} command within ${timeoutMs / 1000} s (offline or not answering)`);
  }
}

export interface GatewayStats {
  received: number;
  /** Messages read well enough to know their kind (malformed ones aside), before any budget. */
  receivedByKind: Record<UpKind, number>;
  /** Malformed (topic, json, schema), from an unknown RCU, or over an RCU's budget. */
  dropped: Record<DropReason | 'unknown_device' | 'over_budget', number>;
  commands: { sent: number; acked: number; timedOut: number };
  handlerErrors: number;
  /** SOS events taken from payloads outside the protocol (stored, shown and acknowledged all the same). */
  salvagedSos: number;
  /** State messages folded into an earlier one of their RCU that was still waiting (a busy server). */
  statesFolded: number;
}

export interface Gateway {
  /** Where RCUs connect (the embedded broker's address, or the external broker's URL). */
  readonly where: string;
  /** The embedded broker's port; null when joined to an external broker. */
  readonly port: number | null;
  /** How long an online RCU may stay silent before `silent` (3 heartbeats). */
  readonly heartbeatTimeoutMs: number;
  on<K extends GatewayEventName>(name: K, handler: Handler<K>): () => void;
  /** Sends a command and resolves with the RCU's ack (ok or not); rejects with DeviceTimeoutError. */
  request<Op extends CommandOp>(
    rcuId: string,
    op: Op,
    fields: CommandFields<Op>,
    options?: { timeoutMs?: number },
  ): Promise<AckPayload>;
  /** Sends a command without waiting for its ack (the `ack` of an event); answers its id. */
  send<Op extends CommandOp>(rcuId: string, op: Op, fields: CommandFields<Op>): Promise<string>;
  /** The room and key of an rcu_id, through the gateway's cache. */
  findDevice(rcuId: string): Promise<Device | null>;
  findDeviceOfRoom(roomId: number): Promise<Device | null>;
  /**
   * For the rooms service: a room's rcu_id, key or place changed, or the room was deleted. The
   * cache forgets it, and a connected RCU whose key no longer opens the door is disconnected.
   */
  invalidateRoom(rcuId: string): Promise<void>;
  /** For the rooms service: these RCUs' rooms are new; an earlier refusal of them is not remembered. */
  admitDevices(rcuIds: readonly string[]): void;
  /** For the rooms service: these RCUs' rooms are gone. The cache forgets them; connected ones are disconnected. */
  forgetDevices(rcuIds: readonly string[]): void;
  stats(): GatewayStats;
  /** Looks at the RCU's silence again one heartbeat window after `since` (it was heard elsewhere then). */
  watch(rcuId: string, since: Date): void;
  /** Per rcu_id: messages dropped over its budget and malformed payloads, since the server started. */
  rcuCounters(): Record<string, RcuCounters>;
  /** Whether RCUs can reach the server: the embedded broker listens, or the outside broker is connected. */
  brokerUp(): boolean;
  /**
   * The RCUs connected now: to the embedded broker; with an outside broker, which does not say,
   * those this instance heard from within the heartbeat window.
   */
  connectedRcus(): number;
  close(): Promise<void>;
}

/** How a command ended: acknowledged ok, acknowledged as failed (or not sent), or no ack in time. */
export const COMMAND_OUTCOMES = ['ok', 'failed', 'timeout'] as const;
export type CommandOutcome = (typeof COMMAND_OUTCOMES)[number];

export interface GatewayOptions {
  directory: DeviceDirectory;
  /** An external broker to join as a client (MQTT_URL); otherwise an embedded broker on `port`. */
  mqttUrl: string | null;
  port: number;
  host: string;
  commandTimeoutMs?: number;
  /** The shared-subscription group of the server instances on an external broker. */
  group?: string;
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
  now?: () => Date;
  /** No message from an online RCU for this long: `silent` (HEARTBEAT_TIMEOUT_SECONDS; default 180 s). */
  heartbeatTimeoutMs?: number;
  /** Each RCU's message budget (BUDGET_DEFAULTS when not given). */
  budget?: BudgetLimits;
  /** Told of each command sent with `request` once it ends, with how long it took (the metrics). */
  onCommandDone?: (op: CommandOp, outcome: CommandOutcome, seconds: number) => void;
}

interface Pending {
  rcuId: string;
  resolve: (ack: AckPayload) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The receive time of each message: one Date per millisecond, shared by the messages of that
 * millisecond (a hundred or more under a flood; each had its own). Read-only, as every Date here.
 */
function sharedNow(): () => Date {
  let lastMs = Number.NaN;
  let last = new Date(0);
  return () => {
    const ms = Date.now();
    if (ms !== lastMs) {
      lastMs = ms;
      last = new Date(ms);
    }
    return last;
  };
}

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const {
    directory,
    commandTimeoutMs = COMMAND_TIMEOUT_MS,
    now = sharedNow(),
    heartbeatTimeoutMs = HEARTBEAT_TIMEOUT_MS,
  } = options;
  const log = options.log ?? { warn() {}, error() {} };
  const handlers: { [K in GatewayEventName]: Set<Handler<K>> } = {
    online: new Set(),
    hello: new Set(),
    state: new Set(),
    event: new Set(),
    upgrade: new Set(),
    silent: new Set(),
    flooding: new Set(),
  };
  const pending = new Map<string, Pending>();
  /** When this instance last heard each RCU (online ones; forgotten when it goes offline or silent). */
  const lastHeard = new Map<string, number>();
  const heard = (rcuId: string, time: number) => lastHeard.set(rcuId, time);
  const onCommandDone = options.onCommandDone ?? (() => {});
  const stats: GatewayStats = {
    received: 0,
    receivedByKind: Object.fromEntries(UP_KINDS.map((kind) => [kind, 0])) as Record<UpKind, number>,
    dropped: { topic: 0, json: 0, schema: 0, unknown_device: 0, over_budget: 0 },
    commands: { sent: 0, acked: 0, timedOut: 0 },
    handlerErrors: 0,
    salvagedSos: 0,
    statesFolded: 0,
  };
  // At most one warning per RCU and minute for each of the two, with the count since the last.
  const budget = new RcuBudget({
    limits: options.budget,
    now: () => now().getTime(),
    report: ({ rcuId, what, count, total }) =>
      log.warn(
        { rcu_id: rcuId, [what]: count, total },
        what === 'dropped'
          ? 'gateway: an RCU is over its message budget; its messages are dropped'
          : 'gateway: malformed payloads of an RCU dropped',
      ),
  });
  const instance = randomBytes(4).toString('hex');
  let sequence = 0;

  function emit<K extends GatewayEventName>(name: K, event: GatewayEvents[K]): void {
    if (name === 'online' && !(event as GatewayEvents['online']).online) budget.forget(event.device.rcu_id);
    for (const handler of handlers[name]) {
      try {
        const result = handler(event);
        if (result) result.catch((error: unknown) => handlerFailed(name, event.device, error));
      } catch (error) {
        handlerFailed(name, event.device, error);
      }
    }
  }

  /** When each RCU's salvaged SOS was last logged, and how many came since: one warn line a minute at most. */
  const salvagedLog = new Map<string, { at: number; since: number }>();
  function salvaged(rcuId: string, raw: string, time: number): void {
    stats.salvagedSos += 1;
    const last = salvagedLog.get(rcuId);
    if (last && time - last.at < 60_000) {
      last.since += 1;
      return;
    }
    salvagedLog.set(rcuId, { at: time, since: 0 });
    log.warn(
      { rcu_id: rcuId, payload: raw, since_last: last?.since ?? 0 },
      'gateway: an SOS outside the protocol, stored and acknowledged as one',
    );
  }

  /**
   * A device lookup failed (the database away or past its pool's time-out): what came of the RCU is dropped.
   * One error line a second at most, with the count since the last: under a fleet's traffic a line
   * per message was hundreds of thousands of lines (bench/cluster-scale.mjs), itself a load.
   */
  const lookupLog = throttledLog(1_000);
  function lookupFailed(rcuId: string, error: unknown): void {
    lookupLog((since) =>
      log.error({ err: error, rcu_id: rcuId, failed_since_last: since }, 'gateway: device lookup failed'),
    );
  }

  /** Likewise a handler's failure (Redis away fails every state message): a line a second per kind of message. */
  const handlerLog = throttledLogs(1_000);
  function handlerFailed(name: string, device: Device, error: unknown): void {
    stats.handlerErrors += 1;
    handlerLog(name, (since) =>
      log.error(
        { err: error, rcu_id: device.rcu_id, event: name, failed_since_last: since },
        'gateway: a handler failed',
      ),
    );
  }

  /**
   * State messages wait here, by RCU, for the end of the turn (drainStates): a socket read brings
   * many at once, and the events among them (an SOS) go first. Messages of an RCU that come before
   * its turn are folded into one, so a server that falls behind keeps the latest state of each room
   * instead of a queue of every message. Any other message of an RCU sends its waiting state first:
   * nothing of a room is reordered.
   */
  const waitingStates = new Map<string, GatewayEvents['state']>();
  let draining = false;

  function queueState(device: Device, state: StatePayload, at: Date): void {
    const waiting = waitingStates.get(device.rcu_id);
    if (waiting) {
      foldState(waiting.state, state);
      waiting.device = device;
      waiting.at = at;
      waiting.messages += 1;
      stats.statesFolded += 1;
    } else {
      waitingStates.set(device.rcu_id, { device, state, at, messages: 1 });
    }
    if (!draining) {
      draining = true;
      setImmediate(drainStates);
    }
  }

  /** Hands the waiting states on, for STATE_SLICE_MS at most; the rest wait for the next turn. */
  function drainStates(): void {
    const end = performance.now() + STATE_SLICE_MS;
    for (const [rcuId, waiting] of waitingStates) {
      waitingStates.delete(rcuId);
      emit('state', waiting);
      if (performance.now() >= end) break;
    }
    if (waitingStates.size > 0) setImmediate(drainStates);
    else draining = false;
  }

  /** An RCU's waiting state, handed on now (before another message of the RCU). */
  function sendWaitingState(rcuId: string): void {
    const waiting = waitingStates.get(rcuId);
    if (!waiting) return;
    waitingStates.delete(rcuId);
    emit('state', waiting);
  }

  function dispatch(device: Device, message: UpMessage): void {
    const at = now();
    heard(device.rcu_id, at.getTime());
    if (message.kind !== 'state') sendWaitingState(device.rcu_id);
    switch (message.kind) {
      case 'status':
        if (!message.payload.online) lastHeard.delete(device.rcu_id);
        emit('online', { device, online: message.payload.online, at });
        return;
      case 'hello':
        emit('hello', { device, hello: message.payload, at });
        return;
      case 'state': {
        const state = message.payload;
        if (state.ts === undefined || plausibleTime(state.ts, at) !== null) {
          queueState(device, state as StatePayload, at);
        } else {
          const { ts: _implausible, ...rest } = state;
          queueState(device, rest, at);
        }
        return;
      }
      case 'event': {
        const { ts, raw, ...event } = message.payload;
        if (raw !== undefined) salvaged(device.rcu_id, raw, at.getTime());
        const time = plausibleTime(ts, at) ?? at.getTime();
        emit('event', { device, event: { ...event, ts: time }, at, sent: { ts, raw: raw ?? null } });
        return;
      }
      case 'upgrade':
        emit('upgrade', { device, report: message.payload, at });
        return;
      case 'ack': {
        const waiting = pending.get(message.payload.id);
        if (!waiting || waiting.rcuId !== device.rcu_id) return;
        pending.delete(message.payload.id);
        clearTimeout(waiting.timer);
        stats.commands.acked += 1;
        waiting.resolve(message.payload);
      }
    }
  }

  function receive(topic: string, payload: Buffer): void {
    stats.received += 1;
    const decoded = decodeUp(topic, payload);
    if (!decoded.ok) {
      stats.dropped[decoded.reason] += 1;
      if (decoded.rcuId) budget.malformed(decoded.rcuId);
      return;
    }
    const { message } = decoded;
    stats.receivedByKind[message.kind] += 1;
    if (message.kind === 'event' || message.kind === 'state') {
      const verdict = budget.admit(
        message.rcuId,
        message.kind,
        message.kind === 'event' && message.payload.type === 'sos',
      );
      if (verdict !== 'pass') {
        stats.dropped.over_budget += 1;
        if (verdict === 'flooding' || verdict === 'still_flooding') {
          flooding(message.rcuId, message.kind, verdict === 'still_flooding');
        }
        return;
      }
    }
    const cached = directory.cached(message.rcuId);
    if (cached) {
      dispatch(cached, message);
      return;
    }
    directory.find(message.rcuId).then(
      (device) => {
        if (device) dispatch(device, message);
        else stats.dropped.unknown_device += 1;
      },
      (error: unknown) => lookupFailed(message.rcuId, error),
    );
  }

  function flooding(rcuId: string, kind: 'event' | 'state', ongoing: boolean): void {
    directory.find(rcuId).then(
      (device) => device && emit('flooding', { device, kind, limits: budget.limits, at: now(), ongoing }),
      (error: unknown) => lookupFailed(rcuId, error),
    );
  }

  const onError = (error: Error, rcuId: string | null = null) =>
    log.warn({ err: error, rcu_id: rcuId }, 'gateway: MQTT connection error');
  const transport: Transport & { port?: number } = options.mqttUrl
    ? await joinExternalBroker({
        url: options.mqttUrl,
        group: options.group ?? 'roompilot',
        clientId: `roompilot-${instance}`,
        onMessage: receive,
        onError,
      })
    : await startEmbeddedBroker({
        port: options.port,
        host: options.host,
        findCredentials: async (rcuId) => {
          const device = await directory.find(rcuId);
          return device && { rcuId: device.rcu_id, deviceKey: device.device_key };
        },
        onMessage: receive,
        onError,
        onDisconnect: disconnected,
      });

  // Heartbeats: a sweep finds the RCUs this instance has not heard for a heartbeat window.
  function sweepSilence(): void {
    const at = now();
    const cutoff = at.getTime() - heartbeatTimeoutMs;
    for (const [rcuId, time] of lastHeard) {
      if (time > cutoff) continue;
      lastHeard.delete(rcuId);
      withDevice(rcuId, (device) => emit('silent', { device, lastHeard: new Date(time), at }));
    }
  }
  let closing = false;
  const silenceTimer = setInterval(sweepSilence, Math.max(20, Math.min(heartbeatTimeoutMs / 4, 5_000)));
  silenceTimer.unref();

  function withDevice(rcuId: string, then: (device: Device) => void): void {
    const cached = directory.cached(rcuId);
    if (cached) {
      then(cached);
      return;
    }
    directory.find(rcuId).then(
      (device) => device && then(device),
      (error: unknown) => lookupFailed(rcuId, error),
    );
  }

  /** The embedded broker saw an RCU go (a clean DISCONNECT too): offline at once. */
  function disconnected(rcuId: string): void {
    lastHeard.delete(rcuId);
    if (closing) return; // the server stops: its own close drops every RCU, which says nothing of the rooms
    withDevice(rcuId, (device) => emit('online', { device, online: false, at: now() }));
  }

  async function publishCommand<Op extends CommandOp>(rcuId: string, id: string, op: Op, fields: CommandFields<Op>) {
    const { topic, payload } = encodeCommand(rcuId, id, now().getTime(), op, fields);
    await transport.publish(topic, payload, 1);
    stats.commands.sent += 1;
  }

  const nextId = () => `c-${instance}-${(++sequence).toString(36)}`;

  return {
    where: transport.where,
    port: transport.port ?? null,
    heartbeatTimeoutMs,

    on(name, handler) {
      const set = handlers[name] as Set<typeof handler>;
      set.add(handler);
      return () => set.delete(handler);
    },

    async request(rcuId, op, fields, requestOptions = {}) {
      const id = nextId();
      const timeoutMs = requestOptions.timeoutMs ?? commandTimeoutMs;
      const started = performance.now();
      const done = (outcome: CommandOutcome) => onCommandDone(op, outcome, (performance.now() - started) / 1000);
      const answered = new Promise<AckPayload>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          stats.commands.timedOut += 1;
          done('timeout');
          reject(new DeviceTimeoutError(rcuId, op, timeoutMs));
        }, timeoutMs);
        pending.set(id, {
          rcuId,
          resolve: (ack) => {
            done(ack.ok ? 'ok' : 'failed');
            resolve(ack);
          },
          reject,
          timer,
        });
      });
      // Its time-out may come while the publish is still under way (a broker under load): the
      // caller gets that rejection from `return answered`; until then it must not count as unhandled.
      answered.catch(() => {});
      try {
        await publishCommand(rcuId, id, op, fields);
      } catch (error) {
        const waiting = pending.get(id);
        if (waiting) clearTimeout(waiting.timer);
        pending.delete(id);
        done('failed');
        throw error;
      }
      return answered;
    },

    async send(rcuId, op, fields) {
      const id = nextId();
      await publishCommand(rcuId, id, op, fields);
      return id;
    },

    findDevice: (rcuId) => directory.find(rcuId),
    findDeviceOfRoom: (roomId) => directory.findByRoom(roomId),

    async invalidateRoom(rcuId) {
      const before = await directory.find(rcuId);
      directory.invalidate(rcuId);
      const after = await directory.find(rcuId);
      if (before && (!after || after.device_key !== before.device_key)) transport.disconnect(rcuId);
    },

    admitDevices(rcuIds) {
      for (const rcuId of rcuIds) directory.invalidate(rcuId);
    },

    forgetDevices(rcuIds) {
      for (const rcuId of rcuIds) {
        directory.invalidate(rcuId);
        transport.disconnect(rcuId);
      }
    },

    stats: () => structuredClone(stats),

    watch(rcuId, since) {
      if (!lastHeard.has(rcuId)) heard(rcuId, since.getTime());
    },
    rcuCounters: () => budget.counters(),
    brokerUp: () => transport.up(),
    connectedRcus: () => transport.connectedClients() ?? lastHeard.size,

    async close() {
      closing = true;
      clearInterval(silenceTimer);
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer);
        pending.delete(id);
        waiting.reject(new Error('the device gateway closed before the RCU answered'));
      }
      await transport.close();
    },
  };
}
