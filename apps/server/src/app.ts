// First: the quiet `debug` must be in the module cache before the libraries that use it load.
import './debug-off.js';
import { API_BASE, CALL_GROUPS } from '@roompilot/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { secureDataDir } from './data-dir.js';
import { createDatabase, createUrgentDatabase, pingDatabase } from './db/database.js';
import type { Database } from './db/schema.js';
import { createDeviceKeys, type DeviceKeys, loadDeviceKeySecret } from './device-keys.js';
import { createDeviceDirectory } from './gateway/directory.js';
import { startDynsecSync } from './gateway/dynsec.js';
import { emqxKicker } from './gateway/emqx.js';
import { type DeviceFollower, followDevices } from './gateway/follow.js';
import { createGateway, type Gateway } from './gateway/gateway.js';
import { throttledLog } from './log-throttle.js';
import { createMetrics, type Metrics } from './metrics.js';
import { airPolicyRoutes } from './modules/airpolicy/routes.js';
import { AirPolicyService } from './modules/airpolicy/service.js';
import { countOpenAlertsByType } from './modules/alerts/repository.js';
import { alertRoutes } from './modules/alerts/routes.js';
import { AlertService } from './modules/alerts/service.js';
import { authRoutes } from './modules/auth/routes.js';
import { type AuthService, createAuthService } from './modules/auth/service.js';
import { createLoginThrottle } from './modules/auth/throttle.js';
import { brokerRoutes } from './modules/broker/routes.js';
import { type BrokerAuthService, createBrokerAuthService } from './modules/broker/service.js';
import { buildingRoutes } from './modules/buildings/routes.js';
import { type BuildingService, createBuildingService } from './modules/buildings/service.js';
import { controlRoutes } from './modules/control/routes.js';
import { ControlService } from './modules/control/service.js';
import { departmentRoutes } from './modules/departments/routes.js';
import { createDepartmentService, type DepartmentService } from './modules/departments/service.js';
import { guestServiceRoutes } from './modules/guestservice/routes.js';
import { createGuestService, type GuestService } from './modules/guestservice/service.js';
import { hotelExists } from './modules/hotels/repository.js';
import { hotelRoutes } from './modules/hotels/routes.js';
import { createHotelService, type HotelService } from './modules/hotels/service.js';
import type { LiveBus } from './modules/live/bus.js';
import { connectGateway } from './modules/live/ingest.js';
import { openLiveBus, openLiveStore } from './modules/live/open.js';
import { liveRoutes } from './modules/live/routes.js';
import { LiveService } from './modules/live/service.js';
import { liveSocketRoutes } from './modules/live/socket.js';
import type { LiveStore } from './modules/live/store.js';
import { logRoutes } from './modules/logs/routes.js';
import { LogService } from './modules/logs/service.js';
import { modeRoutes } from './modules/modes/routes.js';
import { ModeService } from './modules/modes/service.js';
import { oplogRoutes } from './modules/oplog/routes.js';
import { createOplogService, type OplogService } from './modules/oplog/service.js';
import { powerRoutes } from './modules/power/routes.js';
import { PowerService } from './modules/power/service.js';
import { roleRoutes } from './modules/roles/routes.js';
import { createRoleService, type RoleService } from './modules/roles/service.js';
import { roomRoutes } from './modules/rooms/routes.js';
import { createRoomService, type RoomDeviceHooks, type RoomService } from './modules/rooms/service.js';
import { roomTypeRoutes } from './modules/roomtypes/routes.js';
import { createRoomTypeService, type RoomTypeService } from './modules/roomtypes/service.js';
import { siteRoutes } from './modules/site/routes.js';
import { createSiteService, type SiteService } from './modules/site/service.js';
import { ClusterLeases } from './modules/timers/leases.js';
import { TimerService } from './modules/timers/service.js';
import { twoFactorRoutes } from './modules/twofactor/routes.js';
import { createTotpSecrets } from './modules/twofactor/secrets.js';
import { createTwoFactorService, type TwoFactorService } from './modules/twofactor/service.js';
import { openDownloadSlots } from './modules/upgrades/download-slots.js';
import { createUpgradeLinks } from './modules/upgrades/links.js';
import { upgradeRoutes } from './modules/upgrades/routes.js';
import { UpgradeService } from './modules/upgrades/service.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService, type UserService } from './modules/users/service.js';
import { accessPlugin } from './plugins/access.js';
import { consolePlugin } from './plugins/console.js';
import { docsPlugin, docsUiPlugin } from './plugins/docs.js';
import { answerFrameworkError, envelopePlugin } from './plugins/envelope.js';
import { type Check, healthPlugin } from './plugins/health.js';
import { metricsPlugin } from './plugins/metrics.js';
import { type OverloadRefusals, protectionPlugin } from './plugins/protection.js';

export interface Services {
  auth: AuthService;
  roles: RoleService;
  oplog: OplogService;
  site: SiteService;
  hotels: HotelService;
  buildings: BuildingService;
  roomTypes: RoomTypeService;
  rooms: RoomService;
  live: LiveService;
  control: ControlService;
  alerts: AlertService;
  timers: TimerService;
  /** Background work run once in the cluster (the alert rules' sweep, log retention). */
  leases: ClusterLeases;
  modes: ModeService;
  power: PowerService;
  logs: LogService;
  airPolicy: AirPolicyService;
  upgrades: UpgradeService;
  guestservice: GuestService;
  twoFactor: TwoFactorService;
  users: UserService;
  departments: DepartmentService;
  /** An outside broker's HTTP authentication and authorization (/apis/mqtt/auth, /apis/mqtt/acl). */
  broker: BrokerAuthService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    clock: Clock;
    services: Services;
    /** The device gateway (MQTT), when the app was built with `gateway: true`. */
    gateway: Gateway | null;
    /** Seals and opens the rooms' device keys with the device-key secret (device-keys.ts). */
    deviceKeys: DeviceKeys;
    /** The Prometheus metrics served at /metrics. */
    metrics: Metrics;
    /** Keeps an outside Mosquitto's devices in step with the rooms (MQTT_DEVICE_SYNC); null when off. */
    deviceSync: DeviceFollower | null;
  }
}

export interface BuildOptions {
  /** Fastify's logger setting; the process entry passes pino options, tests usually `false`. */
  logger?: FastifyServerOptions['logger'];
  /** An open database to use instead of opening the configured one (it is closed with the app). */
  db?: Kysely<Database>;
  clock?: Clock;
  /** Routes to add under /apis before the app is sealed (tests use it, e.g. for a failing route). */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
  /** Start the device gateway (an MQTT broker on MQTT_PORT, or a client of MQTT_URL): the process entry does. */
  gateway?: boolean;
}

/**
 * Each request's two log lines at debug instead of info: at info an operator's terminal scrolled
 * with every poll of every console. A request that failed still logs at error; unexpected errors
 * are also logged by the envelope plugin.
 */
class QuietRequests extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The whole server as a Fastify instance that has not started listening. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new QuietRequests(),
    bodyLimit: config.bodyLimitBytes,
    // Only the named proxies may say who the client is (X-Forwarded-For); otherwise the socket does.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    exposeHeadRoutes: true,
    // A URL the router cannot read (`/%ff`): sent round again, to the envelope's 404 under /apis and
    // the console's page elsewhere.
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(error, request, reply, (raw, res) => app.routing(raw, res)),
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false } },
  });

  // Infrastructure
  // The data folder (the SQLite file, the device-key secret) for the server's user alone.
  const folder = secureDataDir(config.dataDir);
  for (const tightened of folder.tightened) {
    app.log.warn({ path: tightened }, 'data folder: others could read this; made private');
  }
  for (const shared of folder.untouched) {
    app.log.warn({ path: shared }, "data folder: others can read it, and it is not this user's own folder: left alone");
  }
  const db =
    options.db ??
    createDatabase(config.database, (error) => app.log.warn({ err: error }, 'database: an idle connection was ended'));
  // None is made over a database holding values sealed with a secret (restored without it).
  const secret = await loadDeviceKeySecret(config.dataDir, config.deviceKeySecret, db).catch(async (error: unknown) => {
    if (!options.db) await db.destroy();
    throw error;
  });
  if (secret.source === 'created') {
    app.log.warn({ path: secret.file }, 'device keys: a new secret was made; back it up apart from the database');
  }
  const deviceKeys = createDeviceKeys(secret.secret);
  const clock = options.clock ?? systemClock;
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('deviceKeys', deviceKeys);
  app.addHook('onClose', async () => db.destroy());
  const urgentDb =
    createUrgentDatabase(config.database, (error) =>
      app.log.warn({ err: error }, 'database: an idle connection of the urgent pool was ended'),
    ) ?? db;
  if (urgentDb !== db) app.addHook('onClose', async () => urgentDb.destroy());
  // Persistent timers poll from ready to close (onClose hooks run last-added first: before the database goes).
  const timers = new TimerService({ db, clock, log: app.log, claimMs: config.timerClaimMs });
  app.addHook('onClose', async () => timers.stop());
  const leases = new ClusterLeases({ db, clock, log: app.log });
  app.addHook('onClose', async () => leases.stop());
  // Redis away fails every use of it: one line every 10 s, with how many were held back.
  const redisLog = throttledLog(10_000);
  const onRedisError = (error: unknown) =>
    redisLog((since) => app.log.warn({ err: error, failed_since_last: since }, 'live state: Redis'));
  const liveStore = await openLiveStore(config.redisUrl, onRedisError, config.redisPrefix);
  const liveBus = await openLiveBus(config.redisUrl, onRedisError, config.redisPrefix).catch(async (error: unknown) => {
    await liveStore.close();
    throw error;
  });
  const live = new LiveService({ db, store: liveStore, log: app.log });
  live.startFlushing(config.liveStateFlushMs);
  const control = new ControlService({ db, store: liveStore, clock });
  const alerts = new AlertService({ db, urgentDb, store: liveStore, bus: liveBus, clock, log: app.log });
  const modes = new ModeService({ db, control, clock, timers, store: liveStore, log: app.log });
  control.onRent((rooms, rent) => modes.rentChanged(rooms, rent));
  const power = new PowerService({ db, clock, log: app.log });
  power.startFlushing(config.liveStateFlushMs);
  const airPolicy = new AirPolicyService({ db, store: liveStore, clock, control, timers, log: app.log });
  control.useGuard(airPolicy);
  let gateway: Gateway | null = null;
  const refusals: OverloadRefusals = { busy: 0, full: 0 };
  const metrics = createMetrics({
    gateway: () => gateway,
    openAlerts: () => countOpenAlertsByType(db),
    logins: () => services.auth.loginCounters(),
    airPolicyWaiting: () => airPolicy.roomsWaiting,
    refusals: () => refusals,
    onError: (error, metric) => app.log.warn({ err: error, metric }, 'metrics: a metric was left out of the scrape'),
  });
  app.decorate('metrics', metrics);
  const downloadSlots = openDownloadSlots(config.redisUrl, config.redisPrefix, onRedisError);
  app.addHook('onClose', async () => downloadSlots.close());
  const upgrades = new UpgradeService({
    db,
    clock,
    timers,
    control,
    store: liveStore,
    bus: liveBus,
    links: createUpgradeLinks(secret.secret),
    publicUrl: () => config.publicUrl ?? listeningUrl(app, config),
    fileMaxBytes: config.upgradeFileMaxBytes,
    slots: downloadSlots,
    log: app.log,
  });
  app.addHook('onClose', async () => upgrades.close());
  const directory = createDeviceDirectory(db, deviceKeys);
  let warming: Promise<void> = Promise.resolve();
  app.addHook('onClose', async () => warming);
  gateway = options.gateway
    ? await createGateway({
        directory,
        mqttUrl: config.mqttUrl,
        port: config.mqttPort,
        host: config.host,
        commandTimeoutMs: config.commandTimeoutMs,
        heartbeatTimeoutMs: config.heartbeatTimeoutMs,
        budget: config.rcuBudget,
        log: app.log,
        onCommandDone: metrics.commandDone,
      }).catch(async (error: unknown) => {
        await Promise.all([liveStore.close(), liveBus.close()]);
        throw error;
      })
    : null;
  if (gateway) connectGateway(gateway, { live, control, alerts, modes, power, airPolicy, upgrades });
  app.decorate('gateway', gateway);
  // An outside broker follows the rooms' devices (MQTT_DEVICE_SYNC): Mosquitto's dynamic-security
  // clients kept by RoomPilot, or EMQX told to drop an RCU whose key or room changed.
  let devices: DeviceFollower | null = null;
  const sync = config.deviceSync;
  const deviceSync = !(gateway && config.mqttUrl)
    ? null
    : sync.kind === 'mosquitto-dynsec'
      ? await startDynsecSync({
          url: config.mqttUrl,
          db,
          keys: deviceKeys,
          log: app.log,
          onReconnect: () => devices?.reconnected(),
        }).catch(async (error: unknown) => {
          await Promise.all([gateway?.close(), liveStore.close(), liveBus.close()]);
          throw error;
        })
      : sync.kind === 'emqx' && sync.emqx
        ? emqxKicker(sync.emqx)
        : null;
  if (deviceSync) {
    devices = followDevices({ sync: deviceSync, leases, everyMs: config.deviceSync.everyMs, log: app.log });
  }
  app.decorate('deviceSync', devices);
  app.addHook('onClose', async () => {
    await deviceSync?.close();
    await gateway?.close();
    await live.close();
    await power.close();
    await airPolicy.close();
    await Promise.all([liveStore.close(), liveBus.close()]);
  });

  // Services
  const throttle = createLoginThrottle({ db, config, clock, log: app.log });
  const twoFactor = createTwoFactorService({
    db,
    clock,
    secrets: createTotpSecrets(secret.secret),
    throttle,
    log: app.log,
  });
  const roles = createRoleService({ db, clock });
  const auth = createAuthService({ db, config, clock, throttle, twoFactor });
  const services: Services = {
    auth,
    roles,
    oplog: createOplogService(db),
    site: createSiteService(config),
    hotels: createHotelService({
      db,
      clock,
      devices: roomDevicesOf(gateway, liveStore, devices),
      onValidityEnded: (ended) => auth.sessionsEnded(ended),
    }),
    buildings: createBuildingService({ db, clock }),
    roomTypes: createRoomTypeService({ db, clock }),
    rooms: createRoomService({
      db,
      clock,
      keys: deviceKeys,
      devices: roomDevicesOf(gateway, liveStore, devices),
      online: async (roomIds) => {
        const rooms = await Promise.all(roomIds.map((id) => liveStore.get(id)));
        return new Set(rooms.flatMap((room) => (room?.online ? [room.room_id] : [])));
      },
    }),
    live,
    control,
    alerts,
    timers,
    leases,
    modes,
    power,
    logs: new LogService({ db, clock, log: app.log }),
    airPolicy,
    upgrades,
    guestservice: createGuestService({ db, clock, keys: deviceKeys }),
    twoFactor,
    users: createUserService({
      db,
      clock,
      onRolesChanged: (userIds) => roles.notifyPermsChanged(userIds),
      onSessionsEnded: (ended) => auth.sessionsEnded(ended),
    }),
    departments: createDepartmentService({ db, clock }),
    broker: createBrokerAuthService({
      db,
      keys: deviceKeys,
      secret: config.mqttAuth.secret,
      maxPerSecond: config.mqttAuth.maxPerSecond,
      mqttUrl: config.mqttUrl,
    }),
  };
  app.decorate('services', services);
  // Ready (after the migrations): each room's last known state back, offline and stale, until its
  // RCU speaks (a blank floor view otherwise; rooms already heard keep theirs); keys stored before
  // sealing are sealed; keys this secret cannot open are told.
  app.addHook('onReady', async () => {
    if (config.timerPollMs > 0) timers.start(config.timerPollMs);
    devices?.start();
    // Every room's device in the gateway's cache from the start, not one lookup per RCU as each is
    // first heard (not waited for: until it is done, a miss is looked up as ever).
    if (gateway) {
      warming = directory.warm().then(
        (rooms) => app.log.info({ rooms }, "gateway: the rooms' devices are loaded"),
        (error: unknown) =>
          app.log.warn({ err: error }, "gateway: the rooms' devices could not be loaded; each is looked up when heard"),
      );
    }
    await power
      .restore()
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'power statistics: the last meter readings were not read'),
      );
    await live
      .restore()
      .catch((error: unknown) => app.log.warn({ err: error }, 'live state: the last known states were not restored'));
    const { sealed, unreadable } = await services.rooms.sealStoredKeys();
    if (sealed > 0) app.log.info({ rooms: sealed }, 'device keys: stored keys sealed with the device-key secret');
    if (unreadable > 0) {
      app.log.error(
        { rooms: unreadable, secret: secret.source === 'setting' ? 'DEVICE_KEY_SECRET' : secret.file },
        "device keys: these rooms' keys do not open with this secret (restore the secret from its backup, or regenerate their keys): their RCUs cannot log in",
      );
    }
  });

  // Cross-cutting: answers, access, docs
  await app.register(envelopePlugin, { bodyLimitBytes: config.bodyLimitBytes });
  // Security headers, compression, refusing quickly past capacity: before the routes, which they wrap.
  await app.register(protectionPlugin, { overload: config.overload, refusals });
  // The request histogram wraps every route; /metrics, /livez and /readyz are outside /apis, with no session.
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(accessPlugin, {
    auth: services.auth,
    hotelExists: async (hotelId) => (await hotelExists(db, hotelId)) !== undefined,
    calls: CALL_GROUPS,
  });
  await app.register(docsPlugin, { version: services.site.info().version });
  await app.register(healthPlugin, { checks: readinessChecks(config, db, gateway, liveStore, liveBus) });

  // Routes
  await app.register(
    async (api) => {
      await api.register(siteRoutes);
      await api.register(authRoutes);
      await api.register(roleRoutes);
      await api.register(oplogRoutes);
      await api.register(hotelRoutes);
      await api.register(buildingRoutes);
      await api.register(roomTypeRoutes);
      await api.register(roomRoutes);
      await api.register(liveRoutes);
      await api.register(controlRoutes);
      await api.register(alertRoutes);
      await api.register(modeRoutes);
      await api.register(powerRoutes);
      await api.register(logRoutes);
      await api.register(airPolicyRoutes);
      await api.register(upgradeRoutes);
      await api.register(guestServiceRoutes);
      await api.register(twoFactorRoutes);
      await api.register(userRoutes);
      await api.register(departmentRoutes);
      await api.register(brokerRoutes);
      await api.register(liveSocketRoutes, { bus: liveBus });
      if (options.extraRoutes) await api.register(options.extraRoutes);
    },
    { prefix: API_BASE },
  );
  await app.register(docsUiPlugin);
  await app.register(consolePlugin, { webDist: config.webDist });
  return app;
}

/**
 * The server's own address when PUBLIC_URL is not set: http, the listening port, and the host it
 * listens on (all interfaces read as loopback: right on one machine only, hence the setting).
 */
function listeningUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * What /readyz needs: the database answering, the MQTT side up (the embedded broker listening or
 * the outside broker connected), and Redis answering when it is used.
 */
function readinessChecks(
  config: Config,
  db: Kysely<Database>,
  gateway: Gateway | null,
  store: LiveStore,
  bus: LiveBus,
): Record<string, Check> {
  const checks: Record<string, Check> = {
    database: () => pingDatabase(db),
    broker: async () => {
      if (!gateway) throw new Error('the device gateway is not running');
      if (!gateway.brokerUp()) {
        throw new Error(
          config.mqttUrl ? 'not connected to the outside broker' : 'the embedded broker is not listening',
        );
      }
    },
  };
  // The live state and the bus between instances: two connections each.
  if (config.redisUrl) checks.redis = async () => void (await Promise.all([store.ping(), bus.ping()]));
  return checks;
}

/**
 * What the rooms and hotels services tell the live side when rooms change: the gateway forgets
 * (and, for a new key or a deleted room, disconnects) an RCU; a deleted room leaves the live store;
 * an outside broker kept by RoomPilot is told of every change.
 */
function roomDevicesOf(gateway: Gateway | null, store: LiveStore, devices: DeviceFollower | null): RoomDeviceHooks {
  return {
    async added(rcuIds) {
      gateway?.admitDevices(rcuIds);
      await devices?.tell(rcuIds, 'added');
    },
    async changed(rcuIds) {
      for (const rcuId of rcuIds) await gateway?.invalidateRoom(rcuId);
      await devices?.tell(rcuIds, 'changed');
    },
    async removed(rooms) {
      gateway?.forgetDevices(rooms.map((room) => room.rcu_id));
      await Promise.all(rooms.map((room) => store.remove(room.id)));
      await devices?.tell(
        rooms.map((room) => room.rcu_id),
        'removed',
      );
    },
  };
}
