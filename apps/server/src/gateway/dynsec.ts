import { createHash, randomBytes } from 'node:crypto';
import { isRcuId, rcuTopicPrefix, UP_KINDS } from '@roompilot/contract';
import type { Kysely } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import type { Database } from '../db/schema.js';
import type { DeviceKeys } from '../device-keys.js';
import { brokerLogin } from './transport.js';

/**
 * Keeps an outside Mosquitto's devices in step with the rooms (MQTT_DEVICE_SYNC=mosquitto-dynsec):
 * through the dynamic-security plugin's control topic, each room's RCU is a client (user name and
 * client id its `rcu_id`, password its device key) holding a role of its own that lets it publish
 * on its `rcu/{id}/up/…` topics and subscribe under `rcu/{id}/down/`. The plugin of Mosquitto 2.0
 * has no `%c`/`%u` in role ACLs, hence one role per RCU. A changed key (modifyClient) and a
 * deleted client disconnect the RCU at once: the plugin kicks the clients it changes.
 *
 * The broker is told nothing RoomPilot cannot rebuild: `sync` makes the named RCUs match the rooms
 * table (create, change, remove), `reconcile` does it for every room and every client RoomPilot
 * made (marked in their `textdescription`, with a fingerprint of the key, so that a key changed
 * while the broker was away is seen). Clients it did not make (the servers' own login, other
 * applications) are never touched.
 */

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;
/** The start of the `textdescription` of every client RoomPilot made. */
export const MANAGED_MARK = 'roompilot-rcu';
/** Each RCU's role: `roompilot-rcu-{rcu_id}`. */
export const ROLE_PREFIX = 'roompilot-rcu-';
export const roleOf = (rcuId: string) => `${ROLE_PREFIX}${rcuId}`;

/** Commands sent in one control message, and rows read from the database at once. */
const BATCH = 100;
/** Clients and roles listed per page by the reconcile. */
const PAGE = 1_000;
/** A control message unanswered this long fails (the broker away, or the login without the admin role). */
const ANSWER_TIMEOUT_MS = 15_000;
/** How long the plugin has to answer the first command, at start. */
const STARTUP_TIMEOUT_MS = 5_000;

/** A fingerprint of the key that the client's description carries: not the key, and not reversible. */
export function keyFingerprint(rcuId: string, key: string): string {
  return createHash('sha256').update(`roompilot dynsec\n${rcuId}\n${key}`).digest('hex').slice(0, 32);
}

export function describeKey(rcuId: string, key: string): string {
  return `${MANAGED_MARK} key:${keyFingerprint(rcuId, key)}`;
}

export interface DynsecAcl {
  acltype: 'publishClientSend' | 'publishClientReceive' | 'subscribePattern' | 'unsubscribePattern';
  topic: string;
  priority: number;
  allow: boolean;
}

/** An RCU's role: its own up topics to publish (docs/rcu-protocol.md), its own down topics to read. */
export function rcuAcls(rcuId: string): DynsecAcl[] {
  const prefix = rcuTopicPrefix(rcuId);
  return [
    ...UP_KINDS.map((kind) => ({
      acltype: 'publishClientSend' as const,
      topic: `${prefix}up/${kind}`,
      priority: 0,
      allow: true,
    })),
    { acltype: 'subscribePattern', topic: `${prefix}down/#`, priority: 0, allow: true },
    { acltype: 'publishClientReceive', topic: `${prefix}down/#`, priority: 0, allow: true },
    { acltype: 'unsubscribePattern', topic: `${prefix}down/#`, priority: 0, allow: true },
  ];
}

interface DynsecClient {
  username: string;
  clientid?: string;
  textdescription?: string;
  roles?: { rolename: string }[];
}

type Command = Record<string, unknown> & { command: string };
interface CommandAnswer {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

/** What one pass did. */
export interface SyncResult {
  created: number;
  updated: number;
  removed: number;
  /** Rooms whose stored key does not open with this server's secret: their clients are left alone. */
  unreadable: number;
  /** rcu_ids held by a client RoomPilot did not make: left alone, told in the log. */
  foreign: number;
}

/** What happened to the rooms of the RCUs told. */
export type DeviceChange = 'added' | 'changed' | 'removed';

export interface DeviceSync {
  /**
   * Makes the broker follow these RCUs' rooms now (a room added, changed, deleted, a new key). The
   * dynamic-security sync reads the rooms afresh whatever `change` says.
   */
  sync(rcuIds: readonly string[], change?: DeviceChange): Promise<SyncResult>;
  /** Every room and every client RoomPilot made, in pages: missing ones made, stale ones removed. */
  reconcile(): Promise<SyncResult & { checked: number }>;
  /** Whether the control connection is up. */
  up(): boolean;
  close(): Promise<void>;
}

export interface DynsecOptions {
  url: string;
  db: Kysely<Database>;
  keys: DeviceKeys;
  clientId?: string;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** The control connection came back after being lost (the broker restarted): the caller reconciles. */
  onReconnect?: () => void;
}

const emptyResult = (): SyncResult => ({ created: 0, updated: 0, removed: 0, unreadable: 0, foreign: 0 });

function add(total: SyncResult, part: SyncResult): void {
  total.created += part.created;
  total.updated += part.updated;
  total.removed += part.removed;
  total.unreadable += part.unreadable;
  total.foreign += part.foreign;
}

/** Answers a control command may give that leave things as wanted (made twice, removed twice). */
const HARMLESS = new Set(['Role already exists', 'Client not found', 'Role not found']);

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

export async function startDynsecSync(options: DynsecOptions): Promise<DeviceSync> {
  const { db, keys } = options;
  const log = options.log ?? { info() {}, warn() {} };
  const instance = randomBytes(4).toString('hex');
  let sequence = 0;
  const waiting = new Map<string, { resolve: (answer: CommandAnswer) => void; reject: (error: Error) => void }>();

  const login = brokerLogin(options.url);
  const client: MqttClient = await mqtt.connectAsync(login.url, {
    ...login.options,
    protocolVersion: 5,
    clientId: options.clientId ?? `roompilot-${instance}-dynsec`,
    clean: true,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
  });
  client.on('error', (error) => log.warn({ err: error }, 'device sync: MQTT connection error'));
  // Over MQTT 5 mqtt.js throws a refused subscription ("Subscribe error: Not authorized") where
  // 3.1.1 answers a grant of 128: either way the operator is told what to do.
  const [grant] = await client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 }).catch(() => []);
  if (!grant || grant.qos > 2) {
    await client.endAsync(true);
    throw new Error(
      `MQTT_DEVICE_SYNC=mosquitto-dynsec: the broker refused the subscription to ${DYNSEC_RESPONSE_TOPIC}; give the MQTT_URL user the dynamic-security admin role (docs/operations.md)`,
    );
  }
  let lost = false;
  client.on('close', () => {
    lost = true;
    // Whatever was asked is not going to be answered on this connection.
    for (const [id, pending] of waiting) {
      waiting.delete(id);
      pending.reject(new Error('the connection to the broker closed before it answered'));
    }
  });
  client.on('connect', () => {
    if (!lost) return;
    lost = false;
    options.onReconnect?.();
  });
  client.on('message', (topic, payload) => {
    if (topic !== DYNSEC_RESPONSE_TOPIC) return;
    let answers: unknown;
    try {
      answers = (JSON.parse(payload.toString()) as { responses?: unknown }).responses;
    } catch {
      return;
    }
    if (!Array.isArray(answers)) return;
    for (const answer of answers as (CommandAnswer & { correlationData?: unknown })[]) {
      // Every instance (and mosquitto_ctrl) hears every answer: only this one's are taken.
      if (typeof answer?.correlationData !== 'string') continue;
      const pending = waiting.get(answer.correlationData);
      if (!pending) continue;
      waiting.delete(answer.correlationData);
      pending.resolve(answer);
    }
  });

  /** Sends commands (BATCH per message) and answers each one's answer, in order. */
  async function run(commands: readonly Command[], timeoutMs = ANSWER_TIMEOUT_MS): Promise<CommandAnswer[]> {
    const answers: CommandAnswer[] = [];
    for (const batch of chunks(commands, BATCH)) {
      if (!client.connected) throw new Error('not connected to the broker');
      const ids = batch.map(() => `rp-${instance}-${(++sequence).toString(36)}`);
      const answered = ids.map(
        (id) =>
          new Promise<CommandAnswer>((resolve, reject) => {
            waiting.set(id, { resolve, reject });
          }),
      );
      const timer = setTimeout(() => {
        for (const id of ids) {
          const pending = waiting.get(id);
          waiting.delete(id);
          pending?.reject(
            new Error(
              `the broker did not answer the dynamic-security commands within ${timeoutMs / 1000} s (is the plugin loaded, and does the MQTT_URL user hold its admin role?)`,
            ),
          );
        }
      }, timeoutMs);
      try {
        await client.publishAsync(
          DYNSEC_TOPIC,
          JSON.stringify({ commands: batch.map((command, index) => ({ ...command, correlationData: ids[index] })) }),
          { qos: 1 },
        );
        answers.push(...(await Promise.all(answered)));
      } catch (error) {
        for (const id of ids) waiting.delete(id);
        for (const promise of answered) promise.catch(() => {});
        throw error;
      } finally {
        clearTimeout(timer);
      }
    }
    return answers;
  }

  // A broker without the plugin, or a login without its admin role, says nothing: found out at start.
  try {
    const [answer] = await run([{ command: 'listRoles', verbose: false, count: 1, offset: 0 }], STARTUP_TIMEOUT_MS);
    if (answer?.error) throw new Error(answer.error);
  } catch (error) {
    await client.endAsync(true);
    throw new Error(
      `MQTT_DEVICE_SYNC=mosquitto-dynsec: the broker's dynamic-security plugin did not answer (${(error as Error).message}); load the plugin and give the MQTT_URL user its admin role (docs/operations.md)`,
    );
  }

  /** Runs commands that change the broker; an answer other than a harmless one is an error. */
  async function change(commands: readonly Command[]): Promise<void> {
    if (commands.length === 0) return;
    const answers = await run(commands);
    const failed = answers.flatMap((answer, index) =>
      answer.error && !HARMLESS.has(answer.error)
        ? [`${answer.command} ${String(commands[index]?.username ?? commands[index]?.rolename)}: ${answer.error}`]
        : [],
    );
    if (failed.length > 0) throw new Error(`the broker refused: ${failed.slice(0, 5).join('; ')}`);
  }

  /** The rooms' keys by rcu_id (null: the key does not open with this secret). */
  async function roomKeys(rcuIds: readonly string[]): Promise<Map<string, string | null>> {
    const keysOf = new Map<string, string | null>();
    for (const chunk of chunks(rcuIds, 500)) {
      const rows = await db.selectFrom('rooms').select(['rcu_id', 'device_key']).where('rcu_id', 'in', chunk).execute();
      for (const row of rows) keysOf.set(row.rcu_id, keys.open(row.device_key));
    }
    return keysOf;
  }

  const managed = (found: DynsecClient) => found.textdescription?.startsWith(MANAGED_MARK) === true;

  /** The commands that make one RCU's client what its room says; `found` is the client now (null: none). */
  function plan(rcuId: string, key: string | null | undefined, found: DynsecClient | null, result: SyncResult) {
    const role = roleOf(rcuId);
    if (found && !managed(found)) {
      result.foreign += 1;
      log.warn({ rcu_id: rcuId }, 'device sync: a broker client RoomPilot did not make has this rcu_id; left alone');
      return [];
    }
    if (key === undefined) {
      // No such room (deleted, or its rcu_id changed): the client goes, which disconnects the RCU.
      if (found) result.removed += 1;
      return [
        ...(found ? [{ command: 'deleteClient', username: rcuId }] : []),
        { command: 'deleteRole', rolename: role },
      ];
    }
    if (key === null) {
      result.unreadable += 1;
      return [];
    }
    const wanted = {
      username: rcuId,
      clientid: rcuId,
      password: key,
      textdescription: describeKey(rcuId, key),
      roles: [{ rolename: role }],
    };
    const createRole = { command: 'createRole', rolename: role, acls: rcuAcls(rcuId) };
    if (!found) {
      result.created += 1;
      return [createRole, { command: 'createClient', ...wanted }];
    }
    const same =
      found.textdescription === wanted.textdescription &&
      found.clientid === rcuId &&
      (found.roles ?? []).some((held) => held.rolename === role);
    if (same) return [];
    // A new key (or a client changed by hand): the plugin disconnects the RCU as it changes it.
    result.updated += 1;
    return [createRole, { command: 'modifyClient', ...wanted }];
  }

  async function sync(rcuIds: readonly string[]): Promise<SyncResult> {
    const result = emptyResult();
    const unique = [...new Set(rcuIds)].filter(isRcuId);
    for (const chunk of chunks(unique, BATCH)) {
      const keysOf = await roomKeys(chunk);
      const found = await run(chunk.map((rcuId) => ({ command: 'getClient', username: rcuId })));
      const commands = chunk.flatMap((rcuId, index) => {
        const client = (found[index]?.data?.client as DynsecClient | undefined) ?? null;
        return plan(rcuId, keysOf.has(rcuId) ? keysOf.get(rcuId) : undefined, client, result);
      });
      await change(commands);
    }
    return result;
  }

  /** Every page of a list command. */
  async function listAll<T>(command: string, field: string, verbose: boolean): Promise<T[]> {
    const all: T[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const [answer] = await run([{ command, verbose, count: PAGE, offset }]);
      if (answer?.error) throw new Error(`${command}: ${answer.error}`);
      const page = (answer?.data?.[field] as T[] | undefined) ?? [];
      all.push(...page);
      const total = Number(answer?.data?.totalCount ?? 0);
      if (page.length < PAGE || offset + PAGE >= total) return all;
    }
  }

  async function reconcile(): Promise<SyncResult & { checked: number }> {
    const clients = new Map<string, DynsecClient>();
    for (const found of await listAll<DynsecClient>('listClients', 'clients', true)) {
      clients.set(found.username, found);
    }
    const roles = new Set(
      (await listAll<string>('listRoles', 'roles', false)).filter((name) => name.startsWith(ROLE_PREFIX)),
    );
    const differing: string[] = [];
    const seen = new Set<string>();
    let checked = 0;
    const result = emptyResult();
    // The rooms a page at a time; only the RCUs that differ are looked at again (sync reads them afresh).
    for (let after = 0; ; ) {
      const rows = await db
        .selectFrom('rooms')
        .select(['id', 'rcu_id', 'device_key'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute();
      for (const row of rows) {
        checked += 1;
        seen.add(row.rcu_id);
        const key = keys.open(row.device_key);
        const found = clients.get(row.rcu_id);
        if (key === null) {
          result.unreadable += 1;
          continue;
        }
        if (found && !managed(found)) {
          result.foreign += 1;
          log.warn(
            { rcu_id: row.rcu_id },
            'device sync: a broker client RoomPilot did not make has this rcu_id; left alone',
          );
          continue;
        }
        const same =
          found !== undefined &&
          found.textdescription === describeKey(row.rcu_id, key) &&
          found.clientid === row.rcu_id &&
          (found.roles ?? []).some((held) => held.rolename === roleOf(row.rcu_id)) &&
          roles.has(roleOf(row.rcu_id));
        if (!same) differing.push(row.rcu_id);
      }
      if (rows.length < 500) break;
      after = (rows.at(-1) as { id: number }).id;
    }
    // Clients and roles RoomPilot made for rooms that are gone (sync checks each room again first).
    for (const [username, found] of clients) if (managed(found) && !seen.has(username)) differing.push(username);
    for (const role of roles) {
      const rcuId = role.slice(ROLE_PREFIX.length);
      if (!seen.has(rcuId) && !clients.has(rcuId)) differing.push(rcuId);
    }
    const synced = await sync(differing);
    add(result, { ...synced, unreadable: 0, foreign: 0 });
    return { ...result, checked };
  }

  return {
    sync,
    reconcile,
    up: () => client.connected,
    close: async () => {
      await client.endAsync();
    },
  };
}
