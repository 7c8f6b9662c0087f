import {
  type AckPayload,
  type CommandPayload,
  type DeviceMap,
  downTopic,
  type EventType,
  HEARTBEAT_MAX_MS,
  type HelloPayload,
  type RentState,
  SOS_REPEAT_MS,
  type StatePayload,
  type UpgradePayload,
  upTopic,
} from '@roompilot/contract';
import mqtt, { type MqttClient } from 'mqtt';
import {
  advance,
  applyDevices,
  DEFAULT_DEVICE_KEYS,
  type Flags,
  newRoom,
  outsideTemperature,
  type RoomModel,
  sceneDevices,
} from './model.js';
import { download, fileProblem, type UpgradeFault, type UpgradeFaults } from './upgrade.js';

/**
 * One virtual RCU speaking docs/rcu-protocol.md: connects with its last will, says online and
 * hello, reports its room's state (on change and as a heartbeat), raises events (SOS repeated until
 * acknowledged) and answers every command. With `behave`, a guest lives in the room.
 */

export interface Rates {
  /** SOS calls per room per simulated hour of the guest's life (`speed` of them a real hour), while a guest is in. */
  sos: number;
  /** Dropped connections per room per simulated hour (the broker then sends the last will). */
  drop: number;
  /** Share of commands answered with `ok: false` (0..1). */
  fail: number;
}

export const DEFAULT_RATES: Rates = { sos: 0.0005, drop: 0.0005, fail: 0 };

/** How long stopping waits for the broker to acknowledge the last `online: false`. */
const STOP_ACK_MS = 2_000;

const HOUR_MS = 3_600_000;

/**
 * The time an RCU keeps. `real` (the default): the real time, as a real RCU's, however fast its
 * guest lives. `simulated`: a clock that starts at `start` and runs `speed` times as fast, for a
 * test or benchmark that fills days of history in minutes (the server believes stamps up to a day
 * ahead of its own time, docs/rcu-protocol.md: keep a simulated run within that).
 */
export type RcuClock = 'real' | 'simulated';

export interface RcuOptions {
  url: string;
  rcuId: string;
  deviceKey: string;
  /** Device keys of the room type's template (L1, AC1, …). */
  devices?: readonly string[];
  /**
   * How many times as fast as real time the guest lives (60: an hour of check-ins and -outs, cards,
   * doors, DND/MUR, SOS and drops each minute; default 1). With the `real` clock the stamps, the
   * hour of day, the temperatures and the energy meter keep the real time; with the `simulated`
   * one they run this fast too.
   */
  speed?: number;
  /** The time the RCU keeps: `real` (default) or `simulated` (see RcuClock). */
  clock?: RcuClock;
  /** The simulated clock's time at the start (default: now); only with `clock: 'simulated'`. */
  start?: Date;
  /** A guest checks in and out, cards, doors, DND/MUR, SOS (default true); false: only answers commands. */
  behave?: boolean;
  rates?: Partial<Rates>;
  /** Real time between two steps of the room (default 1 s). */
  tickMs?: number;
  /** Real time between two heartbeats (default 30 s, never more than 60 s). */
  heartbeatMs?: number;
  sosRepeatMs?: number;
  /** Real time before reconnecting after a drop or a reboot. */
  reconnectMs?: number;
  /** Real time between two upgrade progress reports (at most one report per this). */
  upgradeStepMs?: number;
  /** Upgrades that fail on purpose, at random (`--upgrade-fail rate,kind`). */
  upgradeFaults?: UpgradeFaults;
  firmware?: { fw: string; hw: string; cfg: string; ir: string };
  random?: () => number;
  /** The energy meter's reading at the start. */
  kwh?: number;
}

export interface RcuStats {
  published: number;
  commands: number;
  failedCommands: number;
  sosRaised: number;
  drops: number;
}

export interface VirtualRcu {
  readonly rcuId: string;
  readonly room: RoomModel;
  readonly connected: boolean;
  readonly stats: RcuStats;
  /** SOS event ids not acknowledged yet. */
  readonly pendingSos: readonly string[];
  /** Connects and resolves once the first hello is out. */
  start(): Promise<void>;
  /** Says offline and disconnects cleanly. */
  stop(): Promise<void>;
  raiseSos(detail?: string): string;
  /** Changes flags of the room, with the events they imply, and reports them. */
  setFlags(flags: Partial<Flags>): void;
  /** Cuts the connection as a network failure would (no DISCONNECT: the last will goes out). */
  drop(): void;
  /** One step of simulated life, as the timer runs it (tests call it directly). */
  step(realMs: number): void;
  /** The versions it reports in `hello`. */
  readonly firmware: Readonly<{ fw: string; hw: string; cfg: string; ir: string }>;
  /** Its parameters as `get_params` answers them. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Makes the next upgrades fail this way (null: none), whatever the random faults say. */
  failUpgrades(fault: UpgradeFault | null): void;
  /** Resolves once no upgrade is under way (tests). */
  upgradesSettled(): Promise<void>;
}

const FLAG_EVENTS: Partial<Record<keyof Flags, [EventType, EventType]>> = {
  card: ['card_in', 'card_out'],
  door: ['door_open', 'door_close'],
  window: ['window_open', 'window_close'],
  dnd: ['dnd_on', 'dnd_off'],
  mur: ['mur_on', 'mur_off'],
};

/** The parameters a new virtual RCU reports: the contract's RCU_PARAMS, each at a value it allows. */
export const DEFAULT_PARAMS: Readonly<Record<string, unknown>> = {
  night_light: 10,
  checkout_scene: 'all_off',
  card_delay_s: 15,
};

export function createRcu(options: RcuOptions): VirtualRcu {
  const speed = options.speed ?? 1;
  const random = options.random ?? Math.random;
  const rates: Rates = { ...DEFAULT_RATES, ...options.rates };
  const tickMs = options.tickMs ?? 1_000;
  const heartbeatMs = Math.min(options.heartbeatMs ?? 30_000, HEARTBEAT_MAX_MS);
  const sosRepeatMs = options.sosRepeatMs ?? SOS_REPEAT_MS;
  const reconnectMs = options.reconnectMs ?? 2_000;
  const upgradeStepMs = options.upgradeStepMs ?? 300;
  let forcedFault: UpgradeFault | null = null;
  const upgrades = new Set<Promise<void>>();
  const firmware = { ...(options.firmware ?? { fw: '2.1.0', hw: 'RCU-8', cfg: 'cfg-1', ir: 'ir-1' }) };
  const params: Record<string, unknown> = { ...DEFAULT_PARAMS };
  const clock = options.clock ?? 'real';
  if (options.start && clock !== 'simulated') throw new Error("a start time needs clock: 'simulated'");
  // The room's time runs as the clock does; the guest's life `speed` times as fast as real time.
  const clockRate = clock === 'simulated' ? speed : 1;
  const realStart = Date.now();
  const clockStart = options.start?.getTime() ?? realStart;
  /** The RCU's time: what its stamps say and what its room's day, temperatures and meter follow. */
  const now = () => new Date(clockStart + (Date.now() - realStart) * clockRate);
  const room = newRoom(options.devices ?? DEFAULT_DEVICE_KEYS, outsideTemperature(now()), options.kwh ?? 0);
  const stats: RcuStats = { published: 0, commands: 0, failedCommands: 0, sosRaised: 0, drops: 0 };
  const sosTimers = new Map<string, NodeJS.Timeout>();
  const timers = new Set<NodeJS.Timeout>();
  let client: MqttClient | null = null;
  let tick: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let stopped = false;
  let guestIn = false;
  let sequence = 0;

  const id = (prefix: string) => `${prefix}-${options.rcuId}-${Date.now().toString(36)}-${(++sequence).toString(36)}`;
  const chance = (perSimHour: number, hours: number) => random() < 1 - Math.exp(-perSimHour * hours);

  function later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }

  function publish(kind: Parameters<typeof upTopic>[1], body: object, qos: 0 | 1, retain = false): void {
    if (!client?.connected) return;
    stats.published += 1;
    client.publish(upTopic(options.rcuId, kind), JSON.stringify(body), { qos, retain });
  }

  function publishState(partial: Omit<StatePayload, 'ts'>): void {
    publish('state', { ts: now().getTime(), ...partial }, 0);
  }

  function fullState(): Omit<StatePayload, 'ts'> {
    return { ...room.flags, devices: structuredClone(room.devices), energy: { ...room.energy } };
  }

  function publishEvent(type: EventType, detail?: string, eventId = id('e')): string {
    publish('event', { id: eventId, ts: now().getTime(), type, ...(detail && { detail }) }, 1);
    return eventId;
  }

  function hello(): HelloPayload {
    return { ...firmware, params: { ...params } };
  }

  function setFlags(changes: Partial<Flags>): void {
    const changed: Partial<Flags> = {};
    for (const [name, value] of Object.entries(changes) as [keyof Flags, Flags[keyof Flags]][]) {
      if (room.flags[name] === value) continue;
      (room.flags as Record<string, unknown>)[name] = value;
      (changed as Record<string, unknown>)[name] = value;
      const events = FLAG_EVENTS[name];
      if (events) publishEvent(value ? events[0] : events[1]);
    }
    if (Object.keys(changed).length > 0) publishState(changed);
  }

  function setDevices(devices: DeviceMap): void {
    const result = applyDevices(room, devices);
    if ('applied' in result && Object.keys(result.applied).length > 0) publishState({ devices: result.applied });
  }

  function raiseSos(detail = 'guest call'): string {
    const eventId = id('e');
    stats.sosRaised += 1;
    room.flags.sos = true;
    publishState({ sos: true });
    const send = () => {
      publishEvent('sos', detail, eventId);
      const timer = setTimeout(send, sosRepeatMs);
      sosTimers.set(eventId, timer);
    };
    send();
    return eventId;
  }

  function acknowledged(eventId: string): void {
    const timer = sosTimers.get(eventId);
    if (!timer) return;
    clearTimeout(timer);
    sosTimers.delete(eventId);
    if (options.behave === false) return;
    // The guest's emergency is handled some simulated minutes later.
    later(Math.max(1_000, (10 * 60_000) / speed), () => {
      if (sosTimers.size > 0 || !room.flags.sos) return;
      room.flags.sos = false;
      publishEvent('sos_clear');
      publishState({ sos: false });
    });
  }

  function guestArrives(): void {
    guestIn = true;
    setFlags({ door: true });
    setFlags({ card: true, occupied: true });
    setDevices(sceneDevices(room, 'welcome'));
    setFlags({ door: false });
  }

  function guestLeaves(): void {
    guestIn = false;
    setFlags({ door: true });
    setFlags({ card: false, occupied: false, dnd: false, window: false });
    setDevices(sceneDevices(room, 'away'));
    setFlags({ door: false });
  }

  function setRent(rent: RentState): void {
    if (rent !== 'checked_in' && guestIn) guestLeaves();
    setFlags({ rent, ...(rent === 'checkout' && { mur: true }) });
  }

  /** `hours` of the guest's life: check-ins in the afternoon, check-outs in the morning, by the clock's local hour. */
  function live(hours: number): void {
    const hour = now().getHours();
    const daytime = hour >= 8 && hour < 22;
    switch (room.flags.rent) {
      case 'for_sale':
        if (chance(hour >= 13 && hour < 23 ? 0.15 : 0.02, hours)) {
          setRent('checked_in');
          guestArrives();
        } else if (chance(0.02, hours)) setRent('sold');
        break;
      case 'sold':
        if (chance(0.3, hours)) {
          setRent('checked_in');
          guestArrives();
        }
        break;
      case 'checked_in':
        if (chance(hour >= 10 && hour < 13 ? 0.25 : 0.01, hours)) {
          setRent('checkout');
        } else if (guestIn) {
          if (chance(daytime ? 0.12 : 0.02, hours)) guestLeaves();
          else if (!room.flags.dnd && chance(0.05, hours)) setFlags({ dnd: true });
          else if (room.flags.dnd && chance(0.2, hours)) setFlags({ dnd: false });
          else if (!room.flags.window && chance(0.02, hours)) setFlags({ window: true });
          else if (room.flags.window && chance(1, hours)) setFlags({ window: false });
          if (chance(rates.sos, hours)) raiseSos();
        } else {
          if (chance(daytime ? 0.3 : 0.6, hours)) guestArrives();
          else if (!room.flags.mur && chance(0.05, hours)) setFlags({ mur: true });
        }
        break;
      case 'checkout':
        if (chance(1.5, hours)) setFlags({ rent: 'empty' });
        break;
      case 'empty':
        if (chance(1, hours)) setFlags({ rent: 'for_sale', mur: false });
        break;
    }
    if (room.flags.mur && room.flags.rent === 'checked_in' && guestIn && chance(0.5, hours)) setFlags({ mur: false });
  }

  function step(realMs: number): void {
    const before = room.energy.w;
    // The meter counts the watts over the time the stamps say passed, so that readings agree with them.
    const changed = advance(room, (realMs * clockRate) / HOUR_MS, outsideTemperature(now()));
    const devices = Object.keys(changed).length > 0 ? { devices: changed } : {};
    const energy = room.energy.w !== before ? { energy: { ...room.energy } } : {};
    if (devices.devices || energy.energy) publishState({ ...devices, ...energy });
    if (options.behave === false) return;
    const lived = (realMs * speed) / HOUR_MS;
    live(lived);
    if (client?.connected && chance(rates.drop, lived)) rcu.drop();
  }

  function answer(command: CommandPayload, result: Omit<AckPayload, 'id'>): void {
    publish('ack', { id: command.id, ...result }, 1);
  }

  function failsOnPurpose(command: CommandPayload): boolean {
    if (command.op === 'ack' || rates.fail <= 0 || random() >= rates.fail) return false;
    stats.failedCommands += 1;
    answer(command, { ok: false, error: 'simulated failure', result: null });
    return true;
  }

  function handle(command: CommandPayload): void {
    stats.commands += 1;
    if (failsOnPurpose(command)) return;
    answer(command, execute(command));
  }

  /** Carries out a command; answers the ack's body (side effects that follow the ack are scheduled). */
  function execute(command: CommandPayload): Omit<AckPayload, 'id'> {
    switch (command.op) {
      case 'set': {
        const result = applyDevices(room, command.devices);
        if ('error' in result) return { ok: false, error: result.error, result: null };
        publishState({ devices: result.applied });
        return { ok: true, error: null, result: { devices: result.applied } };
      }
      case 'scene': {
        // A scene that carries its devices (the server's modes) sets exactly those; a bare one, the RCU's own.
        const devices = command.devices ?? sceneDevices(room, command.mode);
        const result = applyDevices(room, devices);
        if ('error' in result) return { ok: false, error: result.error, result: null };
        publishState({ devices: result.applied });
        return { ok: true, error: null, result: { mode: command.mode, devices: result.applied } };
      }
      case 'rent':
        setRent(command.rent);
        return { ok: true, error: null, result: { rent: room.flags.rent } };
      case 'get_params':
        return { ok: true, error: null, result: { params: { ...params } } };
      case 'set_params':
        Object.assign(params, command.params);
        return { ok: true, error: null, result: { params: { ...params } } };
      case 'ack':
        acknowledged(command.event);
        return { ok: true, error: null, result: null };
      case 'reboot':
        later(50, () => {
          publish('status', { online: false }, 1, true);
          client?.end(false, {}, () => later(reconnectMs, () => client?.reconnect()));
        });
        return { ok: true, error: null, result: null };
      case 'upgrade': {
        const running = runUpgrade(command).finally(() => upgrades.delete(running));
        upgrades.add(running);
        return { ok: true, error: null, result: { job: command.job } };
      }
      default:
        return { ok: false, error: `unknown op ${(command as { op: string }).op}`, result: null };
    }
  }

  /** The fault this upgrade makes, if any: the one set by hand, else one at the random rate. */
  function upgradeFault(): UpgradeFault | null {
    if (forcedFault) return forcedFault;
    const faults = options.upgradeFaults;
    return faults && faults.rate > 0 && random() < faults.rate ? faults.fault : null;
  }

  /**
   * An `upgrade` command after its ack: fetch the file (resuming after a drop), report progress
   * now and then, check size and SHA-256, apply it and say hello with the new version.
   */
  async function runUpgrade(command: Extract<CommandPayload, { op: 'upgrade' }>): Promise<void> {
    const report = (body: UpgradePayload) => publish('upgrade', body, 1);
    const fault = upgradeFault();
    if (fault === 'timeout') return;
    let lastReport = 0;
    report({ job: command.job, state: 'in_progress', progress: 0 });
    const half = Math.max(1, Math.floor(command.size / 2));
    let content: Buffer;
    try {
      content = await download({
        url: command.url,
        size: command.size,
        ...(fault === 'drop' && { dropAfter: half }),
        ...(fault === 'reboot' && { stopAfter: half }),
        onProgress: (percent) => {
          const now = Date.now();
          if (percent >= 100 || now - lastReport < upgradeStepMs) return;
          lastReport = now;
          report({ job: command.job, state: 'in_progress', progress: percent });
        },
      });
    } catch (error) {
      report({
        job: command.job,
        state: 'failed',
        error: `download failed: ${(error as Error).message}`.slice(0, 200),
      });
      return;
    }
    if (fault === 'reboot') {
      // Power lost halfway: the connection goes (the last will), the RCU comes back on its old version.
      stats.drops += 1;
      client?.stream.destroy();
      return;
    }
    const problem = fault === 'checksum' ? 'checksum mismatch' : fileProblem(content, command.size, command.sha256);
    if (problem) {
      report({ job: command.job, state: 'failed', error: problem });
      return;
    }
    if (command.kind === 'param') {
      try {
        Object.assign(params, JSON.parse(content.toString('utf8')) as Record<string, unknown>);
      } catch {
        report({ job: command.job, state: 'failed', error: 'not a parameter file' });
        return;
      }
    } else {
      firmware[command.kind === 'bin' ? 'fw' : command.kind === 'ir' ? 'ir' : 'cfg'] = command.version;
    }
    report({ job: command.job, state: 'finished', progress: 100, error: null });
    publish('hello', hello(), 1);
  }

  function onMessage(topic: string, payload: Buffer): void {
    if (topic !== downTopic(options.rcuId)) return;
    let command: CommandPayload;
    try {
      command = JSON.parse(payload.toString()) as CommandPayload;
    } catch {
      return;
    }
    if (typeof command?.id !== 'string' || typeof command.op !== 'string') return;
    handle(command);
  }

  function onConnect(): void {
    client?.subscribe(downTopic(options.rcuId), { qos: 1 });
    publish('status', { online: true }, 1, true);
    publish('hello', hello(), 1);
    publishState(fullState());
    for (const eventId of sosTimers.keys()) publishEvent('sos', 'guest call', eventId);
  }

  const rcu: VirtualRcu = {
    rcuId: options.rcuId,
    room,
    stats,
    get connected() {
      return client?.connected ?? false;
    },
    get pendingSos() {
      return [...sosTimers.keys()];
    },

    start() {
      stopped = false;
      return new Promise<void>((resolve, reject) => {
        client = mqtt.connect(options.url, {
          clientId: options.rcuId,
          username: options.rcuId,
          password: options.deviceKey,
          clean: true,
          keepalive: 30,
          reconnectPeriod: reconnectMs,
          // A refusal after the first connection (a key regenerated, a broker's clients being
          // rewritten) is tried again like a dropped connection, as a real RCU does: mqtt.js would
          // end the client for good, and the room stayed offline until the simulator restarted.
          reconnectOnConnackError: true,
          connectTimeout: 10_000,
          will: {
            topic: upTopic(options.rcuId, 'status'),
            payload: Buffer.from(JSON.stringify({ online: false })),
            qos: 1,
            retain: true,
          },
        });
        let first = true;
        client.on('connect', () => {
          onConnect();
          if (first) {
            first = false;
            resolve();
          }
        });
        client.on('message', onMessage);
        client.on('error', (error) => {
          if (first && (error as { code?: number }).code === 4) {
            first = false;
            client?.end(true);
            reject(new Error(`RCU ${options.rcuId}: the broker refused its id or key`));
          }
        });
        const jitter = Math.floor(random() * tickMs);
        later(jitter, () => {
          if (stopped) return;
          tick = setInterval(() => step(tickMs), tickMs);
          heartbeat = setInterval(() => publishState(fullState()), heartbeatMs);
        });
      });
    },

    async stop() {
      stopped = true;
      if (tick) clearInterval(tick);
      if (heartbeat) clearInterval(heartbeat);
      for (const timer of [...timers, ...sosTimers.values()]) clearTimeout(timer);
      timers.clear();
      sosTimers.clear();
      const current = client;
      client = null;
      if (!current) return;
      if (current.connected) {
        const offline = current.publishAsync(upTopic(options.rcuId, 'status'), JSON.stringify({ online: false }), {
          qos: 1,
          retain: true,
        });
        // A broker that went away first (the server stopped too) never acknowledges: do not wait for it.
        await Promise.race([offline, new Promise((resolve) => setTimeout(resolve, STOP_ACK_MS).unref())]);
      }
      await current.endAsync(true);
    },

    raiseSos,
    setFlags,

    drop() {
      stats.drops += 1;
      client?.stream.destroy();
    },

    step,
    firmware,
    params,
    failUpgrades(fault) {
      forcedFault = fault;
    },
    async upgradesSettled() {
      while (upgrades.size > 0) await Promise.allSettled([...upgrades]);
    },
  };
  return rcu;
}
