import { ALERT_KINDS, ALERT_TYPES, COMMAND_OPS, type CommandOp, UP_KINDS } from '@roompilot/contract';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { COMMAND_OUTCOMES, type CommandOutcome, type Gateway, type GatewayStats } from './gateway/gateway.js';
import type { LoginCounters } from './modules/auth/service.js';
import { withTimeout } from './plugins/health.js';
import type { OverloadRefusals } from './plugins/protection.js';

/**
 * The server's Prometheus metrics (served at /metrics by plugins/metrics.ts). The device counters
 * are the gateway's own (`Gateway.stats()`), read when Prometheus scrapes: the ingest path pays
 * one integer increment per message and nothing for the metrics. Open alerts are counted by one
 * query per scrape. Commands and HTTP requests are observed as they end.
 */
export interface Metrics {
  /** The process's metrics (prom-client's defaults) and the app's, in one registry. */
  readonly registry: Registry;
  /** A command sent with `Gateway.request` ended (the gateway's `onCommandDone`). */
  commandDone(op: CommandOp, outcome: CommandOutcome, seconds: number): void;
  /** An HTTP request was answered: its route pattern (never the raw URL), method and status. */
  requestDone(route: string, method: string, status: number, seconds: number): void;
}

export interface MetricSources {
  /** The device gateway, once built (null: the app runs without one). */
  gateway(): Gateway | null;
  /** Open alerts by type, counted when scraped. */
  openAlerts(): Promise<{ type: number; count: number }[]>;
  /** The login throttle's counters since the start (the auth service's). */
  logins(): LoginCounters;
  /** Rooms whose changes wait for the air policy to look at them (`AirPolicyService.roomsWaiting`). */
  airPolicyWaiting(): number;
  /** API calls refused (4429) past capacity since the start, by cause (plugins/protection.ts). */
  refusals(): OverloadRefusals;
  /** A source that failed while scraped (its metric is left out of that scrape). */
  onError(error: unknown, metric: string): void;
}

/** How long the open-alert count may take before the scrape goes on without it. */
const OPEN_ALERTS_TIMEOUT_MS = 1_000;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Up to the command time-out (10 s): a timed-out command lands in the last buckets. */
const COMMAND_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

let processRegistry: Registry | null = null;

/**
 * prom-client's default metrics (CPU, memory, heap, handles, GC, event-loop lag from
 * perf_hooks.monitorEventLoopDelay: `nodejs_eventloop_lag_p99_seconds` and the like, the window
 * being the time between two scrapes): once per process, however many apps it builds (tests).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const stats = (): GatewayStats | null => sources.gateway()?.stats() ?? null;

  new Gauge({
    name: 'roompilot_rcus_connected',
    help: 'RCUs connected: to the embedded broker; with an outside broker, those this instance heard from within the heartbeat window.',
    registers,
    collect() {
      this.set(sources.gateway()?.connectedRcus() ?? 0);
    },
  });

  new Counter({
    name: 'roompilot_rcu_messages_received_total',
    help: 'Messages from RCUs by kind (malformed ones aside), counted before the message budget.',
    labelNames: ['kind'],
    registers,
    collect() {
      const counts = stats()?.receivedByKind;
      this.reset();
      for (const kind of UP_KINDS) this.inc({ kind }, counts?.[kind] ?? 0);
    },
  });

  new Counter({
    name: 'roompilot_rcu_messages_dropped_total',
    help: 'Well-formed RCU messages dropped: over the RCU message budget (over_budget), or from an rcu_id no room has (unknown_device).',
    labelNames: ['reason'],
    registers,
    collect() {
      const dropped = stats()?.dropped;
      this.reset();
      this.inc({ reason: 'over_budget' }, dropped?.over_budget ?? 0);
      this.inc({ reason: 'unknown_device' }, dropped?.unknown_device ?? 0);
    },
  });

  new Counter({
    name: 'roompilot_rcu_messages_malformed_total',
    help: 'RCU messages dropped as malformed: a topic outside the protocol, bad JSON, or outside the schema (or over 64 KB).',
    labelNames: ['reason'],
    registers,
    collect() {
      const dropped = stats()?.dropped;
      this.reset();
      for (const reason of ['topic', 'json', 'schema'] as const) this.inc({ reason }, dropped?.[reason] ?? 0);
    },
  });

  new Counter({
    name: 'roompilot_rcu_sos_salvaged_total',
    help: 'SOS events taken from payloads outside the protocol (stored, shown and acknowledged all the same).',
    registers,
    collect() {
      this.reset();
      this.inc(stats()?.salvagedSos ?? 0);
    },
  });

  new Counter({
    name: 'roompilot_rcu_states_folded_total',
    help: 'State messages folded into an earlier one of their RCU still waiting for its turn: the server fell behind and kept the latest state of each room.',
    registers,
    collect() {
      this.reset();
      this.inc(stats()?.statesFolded ?? 0);
    },
  });

  new Counter({
    name: 'roompilot_gateway_handler_errors_total',
    help: 'Device messages whose handling failed (logged at error with the rcu_id).',
    registers,
    collect() {
      this.reset();
      this.inc(stats()?.handlerErrors ?? 0);
    },
  });

  const commands = new Histogram({
    name: 'roompilot_command_duration_seconds',
    help: 'Commands to RCUs, from sending to the ack (ok, failed: acknowledged as failed or not sent) or the time-out.',
    labelNames: ['op', 'outcome'],
    buckets: COMMAND_BUCKETS,
    registers,
  });
  // Every series from the first scrape, at 0: a dashboard's panel reads 0 rather than "no data"
  // until the first command, and a rate over the first one is not lost.
  for (const op of COMMAND_OPS) {
    for (const outcome of COMMAND_OUTCOMES) commands.zero({ op, outcome });
  }

  new Gauge({
    name: 'roompilot_alerts_open',
    help: 'Alerts neither confirmed nor cleared, every hotel together, by type.',
    labelNames: ['type'],
    registers,
    async collect() {
      this.reset();
      try {
        const rows = await withTimeout(sources.openAlerts(), OPEN_ALERTS_TIMEOUT_MS);
        const counts = new Map(rows.map((row) => [row.type, row.count]));
        for (const kind of ALERT_KINDS) this.set({ type: kind }, counts.get(ALERT_TYPES[kind]) ?? 0);
      } catch (error) {
        sources.onError(error, 'roompilot_alerts_open');
      }
    },
  });

  new Gauge({
    name: 'roompilot_air_policy_rooms_waiting',
    help: 'Rooms whose changes wait for the air policy (it looks at a few rooms at a time): high for seconds when every RCU reports at once; high for long, the database is slow.',
    registers,
    collect() {
      this.set(sources.airPolicyWaiting());
    },
  });

  const logins: [name: string, help: string, field: keyof LoginCounters][] = [
    ['roompilot_login_failures_total', 'Logins refused for a wrong user name or password.', 'failures'],
    [
      'roompilot_login_throttled_total',
      'Logins refused (4429) by the login throttle before the password was looked at.',
      'throttled',
    ],
    ['roompilot_login_alarms_total', 'Login alarms: many addresses failing on one user name.', 'alarms'],
  ];
  for (const [name, help, field] of logins) {
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(sources.logins()[field]);
      },
    });
  }

  new Counter({
    name: 'roompilot_http_refused_total',
    help: 'API calls refused (4429) past capacity, before any work: `busy`, the event loop was held longer than OVERLOAD_MAX_EVENT_LOOP_DELAY_MS; `full`, OVERLOAD_MAX_IN_FLIGHT calls were being answered.',
    labelNames: ['cause'],
    registers,
    collect() {
      this.reset();
      const refusals = sources.refusals();
      this.inc({ cause: 'busy' }, refusals.busy);
      this.inc({ cause: 'full' }, refusals.full);
    },
  });

  const requests = new Histogram({
    name: 'roompilot_http_request_duration_seconds',
    help: 'HTTP requests answered, by route pattern (the console pages are `/*`; no route: `unmatched`), method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    buckets: HTTP_BUCKETS,
    registers,
  });

  return {
    registry: Registry.merge([processMetrics(), registry]),
    commandDone(op, outcome, seconds) {
      commands.observe({ op, outcome }, seconds);
    },
    requestDone(route, method, status, seconds) {
      requests.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    },
  };
}
