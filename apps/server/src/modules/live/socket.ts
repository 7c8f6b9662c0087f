import type { Socket } from 'node:net';
import websocket from '@fastify/websocket';
import {
  CALLS,
  ErrorCode,
  LANGUAGES,
  type Language,
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE,
  type LiveControlMessage,
  type LiveMessage,
} from '@roompilot/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { type Actor, authorize, read } from '../../access.js';
import { socketRoute } from '../../calls.js';
import { AppError } from '../../errors.js';
import { type MessageKey, pickLanguage, translate } from '../../i18n.js';
import { describeAlert } from '../alerts/describe.js';
import type { EndedSessions } from '../auth/service.js';
import type { LiveBus } from './bus.js';

/** A console that sends more than this in one message is not a console. */
const MAX_MESSAGE_BYTES = 4096;
/** A console this far behind (unsent bytes) is cut off; it reconnects and reloads. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/**
 * A console with this much unsent gets no more room changes until its connection has drained; it
 * is then told to read the rooms again (`resync`). Alerts still go at once: an SOS never waits
 * behind more than this of telemetry, nor is it lost with a console cut off for being slow.
 */
export const ROOM_CHANGES_BEHIND_BYTES = 512 * 1024;
const RESYNC_TEXT = JSON.stringify({ type: 'resync', data: { rooms: true } } satisfies LiveControlMessage);

/** On the bus: the users whose perms just changed. */
interface PermsChanged {
  user_ids: number[];
}

interface Client {
  socket: WebSocket;
  /** The TCP connection under the WebSocket (corked while a turn's room changes gather). */
  raw: Socket;
  actor: Actor;
  token: string;
  ip: string;
  hotelId: number;
  language: Language;
  rooms: boolean;
  alive: boolean;
  /** Room changes were left out for it (ROOM_CHANGES_BEHIND_BYTES): `resync` once it has drained. */
  behind: boolean;
}

/**
 * `GET /apis/live`: the consoles' live push (API.md "Live push"). The first message is
 * `{"token":"…"}`; the server then sends `ready`, and the hotel's room changes, alerts and alert
 * closings until the socket or the session ends, and `perms` when the user's permissions change.
 * Alerts, ended sessions and changed permissions come through the bus, so a console sees what any
 * server instance raised; room changes through the live store's
 * per-hotel channel. Every LIVE_PING_SECONDS the server pings each socket (one without a pong
 * since the last ping is dropped) and checks its session again.
 */
export async function liveSocketRoutes(app: FastifyInstance, options: { bus: LiveBus }) {
  const { bus } = options;
  const { auth, live, alerts, upgrades, roles } = app.services;
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  const clients = new Set<Client>();
  const hotels = new Map<number, { clients: Set<Client>; stop: Promise<() => Promise<void>> }>();

  /**
   * The consoles whose room changes of this turn wait in their corked connection: they go out in
   * one write at the next turn (under 20,000 state messages a second, one write per change was the
   * server's largest single cost). Anything else (an alert first of all) goes out at once, with what
   * waited before it.
   */
  const corked = new Set<Client>();
  function uncorkAll(): void {
    for (const client of corked) client.raw.uncork();
    corked.clear();
  }

  function sendText(client: Client, text: string, roomChange: boolean): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    const buffered = client.socket.bufferedAmount;
    if (buffered > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      return;
    }
    if (roomChange && (client.behind || buffered > ROOM_CHANGES_BEHIND_BYTES)) {
      fallBehind(client);
      return;
    }
    if (roomChange && !corked.has(client)) {
      client.raw.cork();
      corked.add(client);
      if (corked.size === 1) setImmediate(uncorkAll);
    }
    client.socket.send(text);
    if (!roomChange && corked.delete(client)) client.raw.uncork();
  }

  /**
   * Leaves the client's room changes out until its connection has drained (the TCP socket's
   * `drain`: a write that found it this full was told to wait), then sends `resync`.
   */
  function fallBehind(client: Client): void {
    if (client.behind) return;
    client.behind = true;
    client.raw.once('drain', () => {
      client.behind = false;
      sendText(client, RESYNC_TEXT, false);
    });
  }

  function send(client: Client, message: LiveMessage | LiveControlMessage): void {
    sendText(client, JSON.stringify(message), false);
  }

  function refuse(socket: WebSocket, language: Language, code: number, key: MessageKey, params = {}): void {
    if (socket.readyState === socket.OPEN) {
      socket.send(JSON.stringify({ type: 'error', data: { code, message: translate(language, key, params) } }));
      socket.close(code, translate('en', key, params).slice(0, 120));
    }
  }

  function closeCodeOf(error: AppError): number {
    switch (error.code) {
      case ErrorCode.sessionEnded:
        return LIVE_CLOSE.sessionEnded;
      case ErrorCode.hotelExpired:
        return LIVE_CLOSE.hotelExpired;
      case ErrorCode.forbidden:
        return LIVE_CLOSE.forbidden;
      default:
        return LIVE_CLOSE.unauthenticated;
    }
  }

  /** Starts the room changes of the client's hotel for it. */
  async function watchRooms(client: Client): Promise<void> {
    let hotel = hotels.get(client.hotelId);
    if (!hotel) {
      const members = new Set<Client>();
      // The text as the store gives it: the same for every console, sent as it is.
      const stop = live.onRoomChange(client.hotelId, (text) => {
        for (const member of members) sendText(member, text, true);
      });
      hotel = { clients: members, stop };
      hotels.set(client.hotelId, hotel);
    }
    hotel.clients.add(client);
    await hotel.stop;
  }

  function unwatchRooms(client: Client): void {
    const hotel = hotels.get(client.hotelId);
    if (!hotel?.clients.delete(client) || hotel.clients.size > 0) return;
    hotels.delete(client.hotelId);
    hotel.stop
      .then((stop) => stop())
      .catch((error: unknown) => app.log.warn({ err: error }, 'live socket: unsubscribe'));
  }

  async function join(client: Client): Promise<void> {
    clients.add(client);
    if (client.rooms) await watchRooms(client);
  }

  function leave(client: Client): void {
    clients.delete(client);
    if (corked.delete(client)) client.raw.uncork();
    unwatchRooms(client);
  }

  /** Whether a user may see the hotel's room changes: the floor view's or the room screens' key. */
  function mayWatchRooms(actor: Actor): boolean {
    return (['pm_dashboard', 'pm_roomdetail'] as const).some((key) => {
      try {
        authorize(actor, read(key));
        return true;
      } catch {
        return false;
      }
    });
  }

  /**
   * Reads the client's session again: its perms as they are now (room changes start or stop with
   * them), or, the session being over, the socket closes with the reason.
   */
  function recheck(client: Client): void {
    auth.authenticate(client.token, client.ip).then(
      (actor) => {
        client.actor = actor;
        const rooms = mayWatchRooms(actor);
        if (rooms === client.rooms || !clients.has(client)) return;
        client.rooms = rooms;
        if (rooms) void watchRooms(client);
        else unwatchRooms(client);
      },
      (error: unknown) => {
        if (error instanceof AppError)
          refuse(client.socket, client.language, closeCodeOf(error), error.messageKey, error.params);
        else app.log.warn({ err: error }, 'live socket: session check failed');
      },
    );
  }

  const stopAlerts = await alerts.onAlert((message) => {
    for (const client of clients) {
      if (client.hotelId !== message.hotel_id) continue;
      if (message.type === 'alert') send(client, { type: 'alert', data: describeAlert(message.data, client.language) });
      else send(client, message.type === 'alert_closed' ? { type: 'alert_closed', data: message.data } : message);
    }
  });
  const stopUpgrades = await upgrades.onMessage((hotelId, message) => {
    for (const client of clients) if (client.hotelId === hotelId) send(client, message);
  });
  const stopSessions = await bus.subscribe('sessions', (message) => {
    const ended = message as EndedSessions;
    for (const client of clients) {
      if ('hotelId' in ended) {
        // The hotel's users (the Administrator watching it keeps its socket).
        if (client.actor.hotelId !== ended.hotelId || client.actor.isAdmin) continue;
        refuse(client.socket, client.language, LIVE_CLOSE.hotelExpired, 'auth.hotelExpired', {
          validdate: ended.validdate,
        });
        continue;
      }
      const hit =
        'tokenHash' in ended ? client.actor.tokenHash === ended.tokenHash : client.actor.userId === ended.userId;
      if (!hit) continue;
      const key = 'tokenHash' in ended ? 'auth.sessionEnded.logout' : (`auth.sessionEnded.${ended.reason}` as const);
      refuse(client.socket, client.language, LIVE_CLOSE.sessionEnded, key);
    }
  });
  const stopEnded = auth.onSessionsEnded((ended) => {
    bus.publish('sessions', ended).catch((error: unknown) => app.log.warn({ err: error }, 'live socket: bus'));
  });
  // Users whose perms changed (a role of theirs, their roles), on whichever instance: their
  // consoles read /userinfo again; the socket follows the new perms.
  const stopPerms = await bus.subscribe('perms', (message) => {
    const userIds = new Set((message as PermsChanged).user_ids);
    for (const client of clients) {
      if (!userIds.has(client.actor.userId)) continue;
      send(client, { type: 'perms', data: { user_id: client.actor.userId } });
      recheck(client);
    }
  });
  const stopPermsChanged = roles.onPermsChanged((userIds) => {
    const message: PermsChanged = { user_ids: userIds };
    bus.publish('perms', message).catch((error: unknown) => app.log.warn({ err: error }, 'live socket: bus'));
  });

  const pinger = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
      recheck(client);
    }
  }, app.config.livePingMs);
  pinger.unref();

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    stopAlerts();
    stopUpgrades();
    stopSessions();
    stopEnded();
    stopPerms();
    stopPermsChanged();
    for (const client of clients) client.socket.close(1001, 'server shutting down');
  });

  function languageOf(request: FastifyRequest, asked: unknown): Language {
    return LANGUAGES.find((language) => language === asked) ?? pickLanguage(request.headers['accept-language']);
  }

  async function open(socket: WebSocket, request: FastifyRequest, text: string): Promise<Client | null> {
    let hello: { token?: unknown; hotel_id?: unknown; lang?: unknown } = {};
    try {
      hello = JSON.parse(text);
    } catch {}
    const language = languageOf(request, hello?.lang);
    if (!hello || typeof hello.token !== 'string' || hello.token === '') {
      refuse(socket, language, LIVE_CLOSE.unauthenticated, 'live.socketFirstMessage');
      return null;
    }
    let actor: Actor;
    try {
      actor = await auth.authenticate(hello.token, request.ip);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refuse(socket, language, closeCodeOf(error), error.messageKey, error.params);
      return null;
    }
    const asked = typeof hello.hotel_id === 'number' && Number.isInteger(hello.hotel_id) ? hello.hotel_id : null;
    const hotelId = actor.hotelId ?? asked;
    if (hotelId === null) {
      refuse(socket, language, LIVE_CLOSE.forbidden, 'hotel.required');
      return null;
    }
    const client: Client = {
      socket,
      raw: request.raw.socket,
      actor,
      token: hello.token,
      ip: request.ip,
      hotelId,
      language,
      rooms: mayWatchRooms(actor),
      behind: false,
      alive: true,
    };
    await join(client);
    if (socket.readyState !== socket.OPEN) {
      leave(client);
      return null;
    }
    send(client, { type: 'ready', data: { hotel_id: hotelId } });
    return client;
  }

  app.route({
    // The path, access and OpenAPI text come from the table of calls (`live.socket`).
    ...socketRoute(CALLS.live, 'socket'),
    handler: async () => {
      throw new AppError(ErrorCode.invalid, 'live.notWebSocket');
    },
    wsHandler: (socket, request) => {
      let client: Client | null = null;
      let opening = false;
      const language = languageOf(request, undefined);
      const timer = setTimeout(
        () =>
          refuse(socket, language, LIVE_CLOSE.authTimeout, 'live.socketAuthTimeout', {
            seconds: LIVE_AUTH_TIMEOUT_MS / 1000,
          }),
        LIVE_AUTH_TIMEOUT_MS,
      );
      socket.on('pong', () => {
        if (client) client.alive = true;
      });
      socket.on('message', (data) => {
        if (client) {
          client.alive = true;
          let message: { type?: unknown } | null = null;
          try {
            message = JSON.parse(String(data));
          } catch {}
          if (message?.type === 'ping') send(client, { type: 'pong', data: null });
          return;
        }
        if (opening) return;
        opening = true;
        clearTimeout(timer);
        open(socket, request, String(data)).then(
          (opened) => {
            client = opened;
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'live socket: could not open');
            socket.close(1011, 'internal error');
          },
        );
      });
      socket.on('close', () => {
        clearTimeout(timer);
        if (client) leave(client);
      });
    },
  });
}
