import type { LiveRoomChange } from '@roompilot/contract';
import type { Device } from '../../gateway/directory.js';
import type { Gateway, GatewayEvents } from '../../gateway/gateway.js';
import type { AirPolicyService } from '../airpolicy/service.js';
import type { AlertService } from '../alerts/service.js';
import type { ControlService } from '../control/service.js';
import type { ModeService } from '../modes/service.js';
import type { PowerService } from '../power/service.js';
import type { UpgradeService } from '../upgrades/service.js';
import type { LiveService } from './service.js';

export interface IngestTargets {
  live: LiveService;
  control: ControlService;
  alerts: AlertService;
  modes: ModeService;
  /** Counts the meter readings of state reports (power statistics). */
  power?: PowerService;
  airPolicy: AirPolicyService;
  /** Upgrade progress (`up/upgrade`); absent in tests of the other modules. */
  upgrades?: UpgradeService;
}

/**
 * The one path from the device gateway into the modules: each typed event of an RCU goes to the
 * live state, the alerts and the commands' side, in the order the protocol needs; commands go
 * back down through the same gateway. Answers a function that stops it.
 */
export function connectGateway(
  gateway: Gateway,
  { live, control, alerts, modes, power, airPolicy, upgrades }: IngestTargets,
): () => void {
  /**
   * A room's state changed: an alert whose condition ended closes at once (door closed, RCU back, …);
   * the energy policy acts on it without holding up the RCU's next message (its commands wait for acks).
   */
  async function settle(device: Device, change: Promise<LiveRoomChange | null>): Promise<void> {
    const changed = await change;
    if (alerts.mayCloseOn(device, changed)) await alerts.roomChanged(device, changed);
    airPolicy.follow(device, changed);
  }

  /**
   * SOS: stored (once per event id) before anything else; then acknowledged and announced, neither
   * waiting for the other (the ack's publish may queue in the broker behind a flood of states, and
   * an ack that fails must not keep the consoles from hearing of a stored SOS).
   */
  async function ingestEvent({ device, event, at, sent }: GatewayEvents['event']): Promise<void> {
    const alert = await alerts.recordEvent(device, event, at, sent);
    const outcomes = await Promise.allSettled([
      control.acknowledgeEvent(device, event.id),
      alert && alerts.announce({ type: 'alert', hotel_id: device.hotel_id, data: alert }),
    ]);
    await settle(device, live.applyEvent(device, event.type, at, event.ts));
    modes.roomEvent(device, event.type);
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  }

  /**
   * Nothing heard from an RCU by this instance for a heartbeat window: offline, unless the shared
   * live state was touched after this instance last heard it (another instance heard it, with an
   * outside broker's shared subscriptions): then look again a window after that.
   */
  async function offlineIfSilent({ device, lastHeard, at }: GatewayEvents['silent']): Promise<void> {
    const room = await live.store.get(device.room_id);
    if (!room?.online) return;
    const touched = room.updated_at === null ? Number.NaN : Date.parse(room.updated_at);
    if (touched > lastHeard.getTime()) gateway.watch(device.rcu_id, new Date(touched));
    else await live.setOnline(device, false, at);
  }

  const detach = control.attach(gateway);
  const stops = [
    gateway.on('online', ({ device, online, at }) => settle(device, live.setOnline(device, online, at))),
    gateway.on('hello', async ({ device, hello, at }) => {
      await settle(device, live.recordHello(device, hello, at));
      await control.resendRent(device);
      await upgrades?.hello(device, hello);
    }),
    gateway.on('state', ({ device, state, at }) => {
      power?.record(device, state, at);
      return settle(device, live.applyState(device, state, at));
    }),
    gateway.on('event', ingestEvent),
    gateway.on('silent', offlineIfSilent),
    gateway.on('upgrade', async ({ device, report }) => {
      await upgrades?.report(device, report);
    }),
    gateway.on('flooding', async ({ device, kind, limits, ongoing }) => {
      await alerts.raiseFlooding(device, { dropped: kind, ...limits }, ongoing);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
    detach();
  };
}
