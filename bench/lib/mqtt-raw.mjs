// A minimal MQTT 3.1.1 client for benchmarks: CONNECT with user name, password and last will,
// SUBSCRIBE, PUBLISH QoS 0/1, PUBACK of incoming QoS 1 commands. No reconnects, no inflight
// tracking, no parsing of anything else: thousands of these fit in one process, and a publisher
// can write pre-encoded packets straight to the socket (the point of a load generator).
import net from 'node:net';

function remainingLength(length) {
  const bytes = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

function string(value) {
  const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function packet(first, body) {
  return Buffer.concat([Buffer.from([first]), remainingLength(body.length), body]);
}

/** PINGREQ: the broker answers PINGRESP once it has handled every packet sent before it. */
export const PINGREQ = Buffer.from([0xc0, 0]);

/** A PUBLISH packet, ready to write: QoS 0 (no id) or QoS 1 with `packetId`. */
export function publishPacket(topic, payload, { qos = 0, retain = false, packetId = 1 } = {}) {
  const body = [string(topic)];
  if (qos > 0) {
    const id = Buffer.alloc(2);
    id.writeUInt16BE(packetId);
    body.push(id);
  }
  body.push(Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8'));
  return packet(0x30 | (qos << 1) | (retain ? 1 : 0), Buffer.concat(body));
}

function connectPacket({ clientId, username, password, keepalive, will }) {
  let flags = 0x02; // clean session
  const payload = [string(clientId)];
  if (will) {
    flags |= 0x04 | ((will.qos ?? 0) << 3) | (will.retain ? 0x20 : 0);
    payload.push(string(will.topic), string(will.payload));
  }
  if (username !== undefined) {
    flags |= 0x80;
    payload.push(string(username));
  }
  if (password !== undefined) {
    flags |= 0x40;
    payload.push(string(password));
  }
  const header = Buffer.concat([string('MQTT'), Buffer.from([4, flags, keepalive >> 8, keepalive & 0xff])]);
  return packet(0x10, Buffer.concat([header, ...payload]));
}

function subscribePacket(filter, qos, packetId) {
  const id = Buffer.alloc(2);
  id.writeUInt16BE(packetId);
  return packet(0x82, Buffer.concat([id, string(filter), Buffer.from([qos])]));
}

/**
 * Connects and resolves once the broker accepted (CONNACK 0); rejects with the return code.
 * The answer: { socket, write(buffer) → boolean, subscribe(filter, qos), publish(topic, payload, opts), end() };
 * set `onPingResponse` on it to hear PINGRESP.
 */
export function connect({ host = '127.0.0.1', port, clientId, username, password, keepalive = 60, will, onPublish }) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true });
    let pending = Buffer.alloc(0);
    let connected = false;
    let nextId = 1;
    const takeId = () => {
      const id = nextId;
      nextId = nextId === 0xffff ? 1 : nextId + 1;
      return id;
    };
    const client = {
      socket,
      write: (buffer) => socket.write(buffer),
      subscribe: (filter, qos = 1) => socket.write(subscribePacket(filter, qos, takeId())),
      publish: (topic, payload, options = {}) =>
        socket.write(publishPacket(topic, payload, { ...options, packetId: takeId() })),
      end: () =>
        new Promise((done) => {
          if (socket.destroyed) return done();
          socket.once('close', done);
          socket.end(Buffer.from([0xe0, 0])); // DISCONNECT: no last will
        }),
    };
    socket.on('error', (error) => {
      if (!connected) reject(error);
    });
    socket.on('close', () => {
      if (!connected) reject(new Error(`${clientId}: connection closed before CONNACK`));
    });
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let offset = 0;
      while (pending.length - offset >= 2) {
        let multiplier = 1;
        let length = 0;
        let index = offset + 1;
        let more = true;
        while (more && index < pending.length) {
          const byte = pending[index++];
          length += (byte & 0x7f) * multiplier;
          multiplier *= 128;
          more = (byte & 0x80) !== 0;
        }
        if (more || index + length > pending.length) break;
        const type = pending[offset] >> 4;
        const body = pending.subarray(index, index + length);
        if (type === 2) {
          if (body[1] !== 0) {
            reject(Object.assign(new Error(`${clientId}: CONNACK return code ${body[1]}`), { code: body[1] }));
            socket.destroy();
            return;
          }
          connected = true;
          resolve(client);
        } else if (type === 13) {
          client.onPingResponse?.();
        } else if (type === 3) {
          const qos = (pending[offset] >> 1) & 3;
          const topicLength = body.readUInt16BE(0);
          const topic = body.toString('utf8', 2, 2 + topicLength);
          let start = 2 + topicLength;
          if (qos > 0) {
            socket.write(Buffer.from([0x40, 2, body[start], body[start + 1]])); // PUBACK
            start += 2;
          }
          onPublish?.(topic, body.subarray(start));
        }
        offset = index + length;
      }
      pending = offset === pending.length ? Buffer.alloc(0) : pending.subarray(offset);
    });
    socket.write(connectPacket({ clientId, username, password, keepalive, will }));
  });
}
