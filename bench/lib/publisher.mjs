// A load generator, forked by the live benchmarks: many RCUs (raw MQTT connections,
// bench/lib/mqtt-raw.mjs) in one process, each with its own credentials and topics. Modes: `flood`
// (partial states as fast as the broker takes them), `rate` (a fixed total rate, round robin), or
// heartbeats (`connect` with `heartbeat`: a full state every 30–60 s per RCU, the idle hotel).
// Payloads are encoded once, so the generator itself costs little CPU.
import { performance } from 'node:perf_hooks';
import { serve } from './harness.mjs';
import { connect, PINGREQ, publishPacket } from './mqtt-raw.mjs';

const VARIANTS = 16;
let clients = [];
let sent = 0;
let mode = null;
const timers = new Set();

/** A partial state (about 200 bytes) that differs from the one before: the merge has work to do. */
function partialState(i, base) {
  return JSON.stringify({
    ts: Date.now() + i,
    card: true,
    occupied: true,
    devices: {
      AC1: { on: true, mode: 'cool', set: 24, temp: Math.round((base + i * 0.1) * 10) / 10, fan: 'auto' },
      L1: { on: i % 2 === 0 },
      D1: { on: true, level: 40 + i },
    },
    energy: { kwh: Math.round((1000 + base + i * 0.001) * 1000) / 1000, w: 600 + i * 10 },
  });
}

function fullState(room) {
  return JSON.stringify({
    ts: Date.now(),
    rent: 'checked_in',
    card: true,
    door: false,
    window: false,
    occupied: true,
    dnd: false,
    mur: false,
    sos: false,
    devices: {
      L1: { on: true },
      L2: { on: false },
      D1: { on: true, level: 60 },
      C1: { pos: 100 },
      AC1: { on: true, mode: 'cool', set: 24, temp: 25 + (room.index % 20) / 10, fan: 'auto' },
      V1: { on: true, speed: 'low' },
    },
    energy: { kwh: 1000 + room.index, w: 850 },
  });
}

async function connectAll({ port, rooms, concurrency = 100, announce = true, keepalive = 60, heartbeat = null }) {
  const started = performance.now();
  const failures = [];
  let next = 0;
  const worker = async () => {
    while (next < rooms.length) {
      const index = next++;
      const room = { ...rooms[index], index };
      const topic = (kind) => `rcu/${room.rcu_id}/up/${kind}`;
      try {
        const client = await connect({
          port,
          clientId: room.rcu_id,
          username: room.rcu_id,
          password: room.device_key,
          keepalive,
          will: { topic: topic('status'), payload: '{"online":false}', qos: 1, retain: true },
        });
        client.room = room;
        const base = 20 + (index % 100) / 10;
        const packets = Array.from({ length: VARIANTS }, (_, i) =>
          publishPacket(topic('state'), partialState(i, base)),
        );
        client.packets = packets;
        client.floodChunk = Buffer.concat([...packets, PINGREQ]);
        client.busy = false;
        client.onPingResponse = () => {
          if (!client.busy) return;
          client.busy = false;
          inFlight--;
          pump();
        };
        client.cursor = 0;
        if (announce) {
          // What an RCU says after every connect (PROTOCOL.md): its commands, online, hello, full state.
          client.subscribe(`rcu/${room.rcu_id}/down/cmd`, 1);
          client.publish(topic('status'), '{"online":true}', { qos: 1, retain: true });
          client.publish(
            topic('hello'),
            JSON.stringify({ fw: '2.1.0', hw: 'RCU-8', cfg: 'cfg-1', ir: 'ir-1', params: { night_light: 10 } }),
            { qos: 1 },
          );
          client.publish(topic('state'), fullState(room));
        }
        // The idle hotel: heartbeats from the moment each RCU is connected, as a real one does.
        if (heartbeat) startHeartbeat(client, heartbeat);
        client.socket.on('error', () => {});
        clients.push(client);
      } catch (error) {
        failures.push(error.message);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rooms.length) }, worker));
  return {
    connected: clients.length,
    failed: failures.length,
    firstError: failures[0] ?? null,
    ms: performance.now() - started,
  };
}

/** The RCU sends its full state every `minMs`..`maxMs` (random, < keepalive × 1.5), the first one soon. */
function startHeartbeat(client, { minMs = 30_000, maxMs = 60_000 }) {
  const period = minMs + Math.random() * (maxMs - minMs);
  const beat = () => {
    if (client.socket.destroyed) return;
    client.publish(`rcu/${client.room.rcu_id}/up/state`, fullState(client.room));
    sent++;
  };
  const first = setTimeout(() => {
    timers.delete(first);
    beat();
    const every = setInterval(beat, period);
    timers.add(every);
  }, Math.random() * period);
  timers.add(first);
}

function halt() {
  mode = null;
  for (const timer of timers) {
    clearTimeout(timer);
    clearInterval(timer);
  }
  timers.clear();
}

/**
 * As fast as the broker takes them, with a bounded backlog: each ring of VARIANTS states goes with a
 * PINGREQ, which the broker answers once it has handled the ring (one connection's packets are
 * handled in order). At most FLOOD_BUDGET rings of this process are unanswered at any time, one per
 * connection, handed out round robin over all its RCUs. A blind flood would fill the sockets'
 * buffers with seconds of messages that the broker drains long after the publishers stopped.
 */
const FLOOD_BUDGET = Number(process.env.BENCH_FLOOD_BUDGET ?? 256);
let inFlight = 0;
let turn = 0;
function pump() {
  for (let tries = 0; mode === 'flood' && inFlight < FLOOD_BUDGET && tries < clients.length; tries++) {
    const client = clients[turn++ % clients.length];
    if (client.busy || client.socket.destroyed) continue;
    client.busy = true;
    inFlight++;
    sent += VARIANTS;
    client.write(client.floodChunk);
  }
}

serve({
  connect: connectAll,

  flood() {
    halt();
    mode = 'flood';
    pump();
  },

  /** `perSecond` partial states in all, round robin over this process's RCUs, in 10 ms steps. */
  rate({ perSecond }) {
    halt();
    mode = 'rate';
    const started = performance.now();
    let due = 0;
    let turn = 0;
    const timer = setInterval(() => {
      const target = Math.floor(((performance.now() - started) / 1000) * perSecond);
      for (; due < target; due++) {
        const client = clients[turn++ % clients.length];
        if (client.socket.destroyed || client.socket.writableNeedDrain) continue;
        client.write(client.packets[client.cursor++ % VARIANTS]);
        sent++;
      }
    }, 10);
    timers.add(timer);
  },

  halt() {
    halt();
    return { sent };
  },

  stats() {
    return {
      t: performance.now(),
      sent,
      cpu: process.cpuUsage(),
      rss: process.memoryUsage().rss,
      open: clients.filter((client) => !client.socket.destroyed).length,
    };
  },

  /** Cuts every connection (no DISCONNECT, unsent data dropped: a flood's backlog is not drained). */
  exit() {
    halt();
    for (const client of clients) client.socket.destroy();
    clients = [];
  },
});
