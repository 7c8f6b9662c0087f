import net from 'node:net';
import { TOPIC_ROOT, UP_KINDS } from '@roompilot/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqemitter from 'mqemitter';
import mqtt from 'mqtt';
import { redactUrl, splitLogin } from '../secrets.js';
import { readPacketsInPlace } from './packet-reads.js';
import { authenticateDevice, type DeviceCredentials, mayPublish, maySubscribe } from './policy.js';

/**
 * The two ways the gateway reaches RCUs, behind one small interface: an embedded Aedes broker
 * (the default), or a client of an external broker (MQTT_URL). Only this file and the gateway's
 * own folder touch MQTT.
 */
export interface Transport {
  /** Where RCUs connect: the embedded broker's port, or the external broker's URL. */
  readonly where: string;
  publish(topic: string, payload: Buffer, qos: 0 | 1): Promise<void>;
  /** Disconnects an RCU now (its key changed or its room is gone); external brokers: not supported. */
  disconnect(rcuId: string): void;
  /** Whether RCUs can reach the server now: the embedded broker listens, or the client is connected. */
  up(): boolean;
  /** The RCUs connected to the embedded broker now; null on an external broker, which does not say. */
  connectedClients(): number | null;
  close(): Promise<void>;
}

export type MessageHandler = (topic: string, payload: Buffer) => void;

/** The MQTT CONNACK code for "bad user name or password" (3.1.1). */
export const BAD_CREDENTIALS = 4;

export interface EmbeddedOptions {
  port: number;
  host: string;
  findCredentials: (rcuId: string) => Promise<DeviceCredentials | null>;
  onMessage: MessageHandler;
  onError?: (error: Error, rcuId: string | null) => void;
  /** An authenticated RCU's connection ended: a clean DISCONNECT, a lost socket, a take-over. */
  onDisconnect?: (rcuId: string) => void;
}

/** Messages Aedes's bus delivers at once (its default); past them it queues. */
const BUS_CONCURRENCY = 100;

const SLASH = 0x2f;

/** Whether a topic matches ALL_UP_FILTER (`rcu/+/up/#`: the level `up` itself included). */
export function isUpTopic(topic: string): boolean {
  if (!topic.startsWith(`${TOPIC_ROOT}/`)) return false;
  const slash = topic.indexOf('/', TOPIC_ROOT.length + 1);
  if (slash < 0 || !topic.startsWith('up', slash + 1)) return false;
  return topic.length === slash + 3 || topic.charCodeAt(slash + 3) === SLASH;
}

/**
 * Aedes's message bus, with the RCUs' up topics handed straight to the gateway. Only the server may
 * read them (policy.ts: an RCU subscribes to its own commands only), so matching each message
 * against every subscription (a walk of the topic trie, then a parallel runner) always found the
 * one listener: about 7 % of the server's CPU under a flood of states (bench/ingest.mjs). Everything
 * else (the commands down, Aedes's own `$SYS` topics) goes through the bus as before.
 */
export function busWithUpTopicsDirect(onUp: (packet: mqemitter.Message) => void): mqemitter.MQEmitter {
  const bus = mqemitter({ concurrency: BUS_CONCURRENCY, matchEmptyLevels: true });
  const emit = bus.emit.bind(bus);
  bus.emit = (packet, done) => {
    if (!isUpTopic(packet.topic)) return emit(packet, done);
    onUp(packet);
    // Not `done()` at once: Aedes goes on with the publish (a QoS 1 PUBACK, the next packet of the
    // connection) in the call, down the stack. A microtask keeps the same order and pace with a
    // flat stack (a synchronous `done` in the bus's queue overflowed it with a thousand RCUs).
    if (done) queueMicrotask(done);
  };
  return bus;
}

/** An Aedes broker listening on MQTT_PORT, with the broker policy plugged in. */
export async function startEmbeddedBroker(options: EmbeddedOptions): Promise<Transport & { port: number }> {
  const { findCredentials, onMessage, onError = () => {}, onDisconnect = () => {} } = options;
  readPacketsInPlace();
  const broker = await Aedes.createBroker({
    mq: busWithUpTopicsDirect((packet) => onMessage(packet.topic, packet.payload as Buffer)),
    concurrency: BUS_CONCURRENCY,
    authenticate(client, username, password, done) {
      authenticateDevice(findCredentials, { clientId: client.id, username, password }).then(
        (result) => {
          if (result.ok) return done(null, true);
          const error = new Error('bad user name or password') as AuthenticateError;
          error.returnCode = BAD_CREDENTIALS;
          done(error, false);
        },
        (error: Error) => {
          onError(error, client.id);
          const unavailable = new Error('server unavailable') as AuthenticateError;
          unavailable.returnCode = 3;
          done(unavailable, false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      if (client && mayPublish(client.id, packet.topic)) {
        // RCUs publish `status` (and their last will, which passes here too) retained, as the
        // protocol says; in this broker only the server reads `up/` topics, handed to it by the
        // bus (busWithUpTopicsDirect), so nothing is kept: no retained message for Aedes to scan on
        // every SUBSCRIBE.
        packet.retain = false;
        return done(null);
      }
      done(new Error('not authorized'));
    },
    authorizeSubscribe(client, subscription, done) {
      done(null, maySubscribe(client.id, subscription.topic) ? subscription : null);
    },
  });
  broker.on('clientError', (client: Client, error: Error) => onError(error, client.id));
  // Aedes reports authorized clients only; after the last will, if any (published first).
  broker.on('clientDisconnect', (client: Client) => onDisconnect(client.id));

  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    where: `mqtt://${options.host}:${port}`,
    port,
    publish: (topic, payload, qos) =>
      new Promise((resolve, reject) => {
        broker.publish({ cmd: 'publish', topic, payload, qos, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        );
      }),
    disconnect(rcuId) {
      const clients = (broker as unknown as { clients: Record<string, Client> }).clients;
      clients[rcuId]?.close();
    },
    up: () => server.listening,
    // Only RCUs connect here (the server reads through the broker's bus, not as a client).
    connectedClients: () => broker.connectedClients,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const clients = (broker as unknown as { clients: Record<string, Client> }).clients;
      for (const client of Object.values(clients)) client.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}

export interface ExternalOptions {
  url: string;
  /** Instances with the same group share the devices' messages (MQTT 5 shared subscriptions). */
  group: string;
  clientId: string;
  onMessage: MessageHandler;
  onError?: (error: Error) => void;
}

/** The up kinds read on the telemetry connection; everything else (events first) has its own. */
const TELEMETRY_KINDS: readonly string[] = ['state', 'upgrade'];

/**
 * The telemetry connection hands on at most about this many bytes a turn of the event loop (or one
 * read of its socket, up to 64 KB), then stops reading until the next turn. Unpaced, one turn read
 * and decoded every state the socket held (up to megabytes under a flood) before the loop came to
 * the event connection: an SOS that the broker had sent on in under 16 ms reached the gateway
 * 380–1,100 ms later. 128 KB a turn still left two instances sharing two cores at an SOS p99 of
 * 1.25–1.35 s; 48 KB, 0.73 s, with the same 30,000 state msg/s absorbed (bench/cluster-scale.mjs,
 * docs/benchmarks.md, 2026-11-27).
 */
export const TELEMETRY_BYTES_PER_TURN = 48 * 1024;

/**
 * Reads a client's messages at most `budget` bytes a turn: past it, its socket is paused until the
 * next turn (what waits stays in the kernel's buffer and the broker's queue, in order).
 */
export function paceReading(client: mqtt.MqttClient, budget: number): (bytes: number) => void {
  let taken = 0;
  let turnScheduled = false;
  let paused: NodeJS.ReadableStream | null = null;
  const turn = () => {
    turnScheduled = false;
    taken = 0;
    paused?.resume();
    paused = null;
  };
  return (bytes) => {
    taken += bytes;
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(turn);
    }
    if (taken >= budget && !paused && client.stream) {
      paused = client.stream;
      paused.pause();
    }
  };
}

/**
 * MQTT_URL as mqtt.js must be given it: the URL without its login, and the login as options.
 * Read from the URL, mqtt.js split user and password at the password's last `:` (decoded first),
 * so a password holding a `:`, even as `%3A`, logged in as a wrong user.
 */
export function brokerLogin(url: string): { url: string; options: { username?: string; password?: string } } {
  const { url: address, username, password } = splitLogin(url);
  return {
    url: address,
    options: { ...(username !== null && { username }), ...(password !== null && { password }) },
  };
}

/**
 * A client of an external broker (MQTT 5). The broker authenticates the RCUs and enforces their
 * topics; the server subscribes to every RCU's up topics in a shared group, so each message goes to
 * one instance, except acks, which every instance hears (the one that sent the command takes it).
 *
 * Two connections: one for the telemetry (`state`, `upgrade` progress), one for the rest (events,
 * an SOS among them, status, hello, acks, and the commands sent down). The broker writes each
 * connection's messages in order: on one connection an SOS would wait behind every state queued
 * before it in that stream; on its own it arrives as it is sent.
 */
export async function joinExternalBroker(options: ExternalOptions): Promise<Transport> {
  const { url, group, clientId, onMessage, onError = () => {} } = options;
  readPacketsInPlace();
  const login = brokerLogin(url);
  const join = async (id: string, kinds: readonly string[], acks: boolean, paced: boolean) => {
    const client = await mqtt.connectAsync(login.url, {
      ...login.options,
      protocolVersion: 5,
      clientId: id,
      clean: true,
      reconnectPeriod: 1_000,
      connectTimeout: 10_000,
    });
    client.on('error', onError);
    const pace = paced ? paceReading(client, TELEMETRY_BYTES_PER_TURN) : null;
    client.on('message', (topic, payload) => {
      onMessage(topic, payload);
      pace?.(topic.length + payload.length);
    });
    const shared = kinds.map((kind) => `$share/${group}/${TOPIC_ROOT}/+/up/${kind}`);
    const topics = [...shared, ...(acks ? [`${TOPIC_ROOT}/+/up/ack`] : [])];
    // mqtt.js rejects a SUBACK that refuses any topic ("Subscribe error: Not authorized"), naming
    // neither; a grant above QoS 2 is a refusal too.
    const refused = await client.subscribeAsync(topics, { qos: 1 }).then(
      (granted) => granted.filter((grant) => grant.qos > 2).map((grant) => grant.topic),
      (error: unknown) => [`${topics.join(', ')} (${error instanceof Error ? error.message : error})`],
    );
    if (refused.length > 0) {
      await client.endAsync(true);
      throw new Error(
        `MQTT broker ${redactUrl(url)} refused the subscriptions ${refused.join(', ')}: give the MQTT_URL user the servers' topics (docs/operations.md, "The servers' own login")`,
      );
    }
    return client;
  };
  const events = await join(
    `${clientId}-events`,
    UP_KINDS.filter((kind) => kind !== 'ack' && !TELEMETRY_KINDS.includes(kind)),
    true,
    false,
  );
  let telemetry: mqtt.MqttClient;
  try {
    telemetry = await join(clientId, TELEMETRY_KINDS, false, true);
  } catch (error) {
    await events.endAsync(true);
    throw error;
  }
  return {
    where: redactUrl(url),
    publish: async (topic, payload, qos) => {
      await events.publishAsync(topic, payload, { qos });
    },
    disconnect() {},
    up: () => events.connected && telemetry.connected,
    connectedClients: () => null,
    close: async () => {
      await Promise.all([events.endAsync(), telemetry.endAsync()]);
    },
  };
}
