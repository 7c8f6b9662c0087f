import {
  ALERT_TYPES,
  type Alert,
  type AlertClearReason,
  type AlertCloseReason,
  type AlertHistoryBody,
  type AlertRecord,
  type EventPayload,
  type EventType,
  HOTEL_SETTINGS_DEFAULTS,
  type HotelSettings,
  type Language,
  type LiveRoomChange,
  type Page,
  type RoomRef,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import type { Clock } from '../../clock.js';
import { durableTransaction, inTransaction, isPostgres } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { invalid } from '../../errors.js';
import { MAX_RAW_CHARS, plausibleTime } from '../../gateway/codec.js';
import type { LiveBus } from '../live/bus.js';
import type { LiveStore } from '../live/store.js';
import { hotelTarget, recordOperation } from '../oplog/service.js';
import { describeAlert, describeRecord, type StoredAlert } from './describe.js';
import * as repository from './repository.js';
import { CLEARABLE_ALERT_TYPES, type ClearableAlert, clearReasonOf, createAlertRules, mayClear } from './rules.js';

/**
 * An alert raised or confirmed, for the consoles of its hotel (through the bus: every server
 * instance). A raised alert is neutral; each console reads it in its language (describeAlert).
 */
export type AlertMessage =
  | { type: 'alert'; hotel_id: number; data: StoredAlert }
  | { type: 'alert_closed'; hotel_id: number; data: { id: number; reason: AlertCloseReason } };

/** A device's `ts` kept for the record is cut to this many characters (it may be any JSON). */
const MAX_DEVICE_TS_CHARS = 256;

/** A value's JSON text for the record, cut to `max` characters. */
function recordText(value: unknown, max: number): string {
  try {
    return (JSON.stringify(value) ?? 'null').slice(0, max);
  } catch {
    return 'null';
  }
}

/**
 * A line of the room's event log for an alert raised, confirmed or cleared (`alert_<what>`, once
 * per alert and what), the alert's figures as JSON in `detail`.
 */
function alertEvent(
  room: { hotel_id: number; room_id: number },
  alertId: number,
  what: 'raised' | 'confirmed' | 'cleared',
  figures: Record<string, unknown>,
  at: string,
) {
  return {
    hotel_id: room.hotel_id,
    room_id: room.room_id,
    event_id: `alert-${alertId}-${what}`,
    type: `alert_${what}`,
    detail: JSON.stringify({ alert_id: alertId, ...figures }),
    event_time: at,
    received_at: at,
  };
}

/**
 * An id no alert has, written where the id goes and then cut out (`aroundId`): the line is
 * written by `alertEvent` alone, before the database gives the alert its id.
 */
const ID_SLOT = -1;

/** The text before and after the first `ID_SLOT` in it. */
function aroundId(text: string): repository.AroundId {
  const at = text.indexOf(String(ID_SLOT));
  return [text.slice(0, at), text.slice(at + String(ID_SLOT).length)];
}

/** Events that raise an alert as they arrive. */
const EVENT_ALERTS: Partial<Record<EventType, number>> = { sos: ALERT_TYPES.sos, fault: ALERT_TYPES.fault };

export interface AlertServiceOptions {
  db: Kysely<Database>;
  /** Where an RCU's SOS and fault are stored: a pool of their own on PostgreSQL (createUrgentDatabase); `db` when not given. */
  urgentDb?: Kysely<Database>;
  store: LiveStore;
  bus: LiveBus;
  clock: Clock;
  log?: { error(object: object, message: string): void };
}

/**
 * Alerts: raised by an RCU's event (SOS, fault: stored in SQL before anything else) or by the
 * alert rules' sweep over the live rooms; announced to every console of the hotel through the
 * bus; confirmed by staff. Each hotel sets the minutes of its rules.
 */
export class AlertService {
  readonly #db: Kysely<Database>;
  readonly #urgentDb: Kysely<Database>;
  readonly #store: LiveStore;
  readonly #bus: LiveBus;
  readonly #clock: Clock;
  readonly #log: { error(object: object, message: string): void };
  readonly #rules: ReturnType<typeof createAlertRules>;
  /**
   * The rooms that may have an open alert that clears by itself, so that a state report of any
   * other room (an AC that is off reports its temperature every minute) reads no table: filled by
   * the alerts this instance raises and by every sweep's read of the open ones (which also brings in
   * those another instance raised, within a sweep), emptied when a look finds none left.
   */
  readonly #clearable = new Set<number>();

  constructor({ db, urgentDb = db, store, bus, clock, log = { error() {} } }: AlertServiceOptions) {
    this.#db = db;
    this.#urgentDb = urgentDb;
    this.#store = store;
    this.#bus = bus;
    this.#clock = clock;
    this.#log = log;
    this.#rules = createAlertRules({
      clock,
      hotels: () => repository.hotelsWithSettings(db),
      rooms: (hotelId) => store.list(hotelId),
      raise: (room, type, figures) => this.#raiseRuleAlert(room, type, figures),
      openAlerts: async (hotelId) => {
        const open = await repository.openAlertsOfTypes(db, { hotelId }, CLEARABLE_ALERT_TYPES);
        for (const alert of open) this.#clearable.add(alert.room_id);
        return open;
      },
      clear: (alert, reason) => this.#clear(alert, reason),
    });
  }

  /**
   * Stores an RCU's event (once per event id) and, for SOS and faults, its alert, in one
   * transaction; answers the alert to announce, or null (no alert, or the event was stored before).
   * The event's time is its `ts` when plausible, else the receive time `at`; what the RCU sent
   * (`sent`: its `ts` as it came, the text of a salvaged SOS) is kept with the event.
   */
  async recordEvent(
    room: RoomRef,
    event: EventPayload,
    at: Date,
    sent: { ts: unknown; raw: string | null } = { ts: event.ts, raw: null },
  ): Promise<StoredAlert | null> {
    const alertType = EVENT_ALERTS[event.type];
    const eventTime = new Date(plausibleTime(event.ts, at) ?? at.getTime()).toISOString();
    const content = event.detail ?? '';
    const stored = {
      hotel_id: room.hotel_id,
      room_id: room.room_id,
      event_id: event.id,
      type: event.type,
      detail: content,
      event_time: eventTime,
      received_at: at.toISOString(),
      device_ts: sent.ts === undefined ? null : recordText(sent.ts, MAX_DEVICE_TS_CHARS),
      device_payload: sent.raw === null ? null : sent.raw.slice(0, MAX_RAW_CHARS),
    };
    const figures = { alert_type: alertType, content };
    let alertId: number | null;
    if (alertType !== undefined && isPostgres(this.#urgentDb)) {
      // One round trip (durable: PostgreSQL commits to disk before it answers), on connections that
      // bulk work never holds.
      const raised = alertEvent(room, ID_SLOT, 'raised', figures, eventTime);
      alertId = await repository.insertEventWithAlertPg(
        this.#urgentDb,
        stored,
        { type: alertType, content, created_at: at.toISOString() },
        { type: raised.type, event_id: aroundId(raised.event_id), detail: aroundId(raised.detail) },
      );
    } else {
      // An SOS is on disk, power failure included, before its RCU is acknowledged (ingest.ts).
      const transaction = event.type === 'sos' ? durableTransaction : inTransaction;
      alertId = await transaction(this.#db, async (trx) => {
        const eventRowId = await repository.insertEvent(trx, stored);
        if (eventRowId === null || alertType === undefined) return null;
        const id = await repository.insertAlert(trx, {
          hotel_id: room.hotel_id,
          room_id: room.room_id,
          type: alertType,
          room_event_id: eventRowId,
          content,
          event_time: eventTime,
          created_at: at.toISOString(),
          confirmed_at: null,
          confirmed_by: null,
          confirmed_by_name: '',
        });
        await repository.insertEvent(trx, alertEvent(room, id, 'raised', figures, eventTime));
        return id;
      });
    }
    if (alertId === null || alertType === undefined) return null;
    return {
      id: alertId,
      type: alertType,
      room_id: room.room_id,
      room_num: room.room_num,
      content,
      event_time: eventTime,
    };
  }

  /** To every console of the hotel, on every server instance. Stored in SQL before: never lost. */
  async announce(message: AlertMessage): Promise<void> {
    try {
      await this.#bus.publish('alerts', message);
    } catch (error) {
      this.#log.error({ err: error }, 'live: an alert could not be announced (the consoles poll for it)');
    }
  }

  /** Alerts raised and confirmed in any hotel, from every server instance; resolves once listening. */
  onAlert(listener: (message: AlertMessage) => void): Promise<() => void> {
    return this.#bus.subscribe('alerts', (message) => {
      try {
        listener(message as AlertMessage);
      } catch (error) {
        this.#log.error({ err: error }, 'live: an alert listener failed');
      }
    });
  }

  /**
   * The RCU of a room went over its message budget: its flooding alert, stored and announced;
   * false while the room has one open already, which is then held open (as for a flood going on,
   * `ongoing`: it clears once such reports stop for FLOOD_CALM_MS). `figures` (what was dropped,
   * the budget) are kept.
   */
  async raiseFlooding(room: RoomRef, figures: object, ongoing = false): Promise<boolean> {
    if (!ongoing && (await this.#raiseRuleAlert(room, ALERT_TYPES.rcu_flooding, figures))) return true;
    await repository.holdOpenAlert(this.#db, room.room_id, ALERT_TYPES.rcu_flooding, this.#clock().toISOString());
    return false;
  }

  /**
   * A room's live state changed (the ingest path): its open alerts whose condition ended close at
   * once, recorded as cleared and announced. Only a change that may end one (a door closed, the RCU
   * back online, a window closed, an AC off) of a room that may have one open costs a look at the
   * database; answers how many cleared. An alert raised on another instance is looked at here from
   * the next sweep on (which clears it meanwhile if its condition ended).
   */
  /** Whether a room change may close an open alert of the room (roomChanged has work to do): most do not. */
  mayCloseOn(room: RoomRef, change: LiveRoomChange | null): boolean {
    return change !== null && this.#clearable.has(room.room_id) && mayClear(change);
  }

  async roomChanged(room: RoomRef, change: LiveRoomChange | null): Promise<number> {
    if (!change || !this.#clearable.has(room.room_id) || !mayClear(change)) return 0;
    const open = await repository.openAlertsOfTypes(this.#db, { roomId: room.room_id }, CLEARABLE_ALERT_TYPES);
    if (open.length === 0) {
      this.#clearable.delete(room.room_id);
      return 0;
    }
    const live = (await this.#store.get(room.room_id)) ?? undefined;
    const now = this.#clock().getTime();
    let cleared = 0;
    for (const alert of open) {
      const reason = clearReasonOf(alert, live, now);
      if (reason && (await this.#clear(alert, reason))) cleared += 1;
    }
    if (cleared === open.length) this.#clearable.delete(room.room_id);
    return cleared;
  }

  /**
   * The alert rules (door open long, RCU offline, window open with the AC on): one sweep, which
   * also clears the alerts whose condition ended (flooding ones included).
   */
  sweepRules(): Promise<number> {
    return this.#rules.sweep();
  }

  /** The hotel's open alerts, oldest first, in the reader's language. */
  async openAlerts(hotelId: number, language: Language = 'zh'): Promise<Alert[]> {
    const rows = await repository.openAlerts(this.#db, hotelId);
    return rows.map((row) => describeAlert(row, language));
  }

  /**
   * A page of the hotel's alerts for the alert list, newest first, in the reader's language, with
   * who confirmed each or what cleared it. `to` before `from` is 4400.
   */
  async history(hotelId: number, body: AlertHistoryBody, language: Language = 'zh'): Promise<Page<AlertRecord>> {
    const current = body.current ?? 1;
    const size = body.size ?? 20;
    const from = body.from === undefined ? undefined : new Date(body.from);
    const to = body.to === undefined ? undefined : new Date(body.to);
    if (from && to && from.getTime() > to.getTime()) throw invalid('alerts.timeRange');
    const { records, total } = await repository.pageAlerts(
      this.#db,
      hotelId,
      {
        state: body.state ?? 'all',
        type: body.type,
        room_num: body.room_num,
        from: from?.toISOString(),
        to: to?.toISOString(),
      },
      { current, size },
    );
    return { records: records.map((row) => describeRecord(row, language)), total, current, size };
  }

  /**
   * Records who confirmed an alert and when, and closes it on every console. Answers 'confirmed',
   * 'already' (confirmed or cleared before: harmless) or 'missing' (not an alert of the hotel).
   */
  async confirmAlert(actor: Actor, hotelId: number, alertId: number): Promise<'confirmed' | 'already' | 'missing'> {
    const alert = await repository.findAlert(this.#db, hotelId, alertId);
    if (!alert) return 'missing';
    if (alert.confirmed_at !== null || alert.cleared_at !== null) return 'already';
    const confirmed = await this.#db.transaction().execute(async (trx) => {
      const done = await repository.confirmAlert(trx, hotelId, alertId, {
        userId: actor.userId,
        userName: actor.userName,
        at: this.#clock().toISOString(),
      });
      if (done) {
        await repository.insertEvent(
          trx,
          alertEvent(
            alert,
            alertId,
            'confirmed',
            { alert_type: alert.type, by: actor.userName },
            this.#clock().toISOString(),
          ),
        );
        await recordOperation(trx, this.#clock, who(actor, hotelId), {
          action: 'alert_confirm',
          target: alert.room_num,
          detail: { id: alertId, type: alert.type },
        });
      }
      return done;
    });
    if (!confirmed) return 'already';
    await this.announce({ type: 'alert_closed', hotel_id: hotelId, data: { id: alertId, reason: 'confirmed' } });
    return 'confirmed';
  }

  /** A hotel's alert settings: the defaults while it has saved none. */
  async settings(hotelId: number): Promise<HotelSettings> {
    return (await repository.findSettings(this.#db, hotelId)) ?? { ...HOTEL_SETTINGS_DEFAULTS };
  }

  /**
   * Saves the given alert settings of a hotel (the others stay) with its operation log entry;
   * the alert rules read them at their next sweep.
   */
  async updateSettings(actor: Actor, hotelId: number, changes: Partial<HotelSettings>): Promise<HotelSettings> {
    const before = await this.settings(hotelId);
    await this.#db.transaction().execute(async (trx) => {
      await repository.upsertSettings(trx, hotelId, changes, this.#clock().toISOString());
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'hotel_settings_update',
        target: await hotelTarget(trx, hotelId),
        detail: { before, changes },
      });
    });
    return this.settings(hotelId);
  }

  /** A rule's alert, stored and announced; false when the room has one of that type open already. */
  async #raiseRuleAlert(room: RoomRef, type: number, figures: object): Promise<boolean> {
    const at = this.#clock().toISOString();
    const content = JSON.stringify(figures);
    const id = await repository.insertRuleAlert(this.#db, {
      hotel_id: room.hotel_id,
      room_id: room.room_id,
      type,
      room_event_id: null,
      content,
      event_time: at,
      created_at: at,
      confirmed_at: null,
      confirmed_by: null,
      confirmed_by_name: '',
      held_at: at,
    });
    if (id === null) return false;
    this.#clearable.add(room.room_id);
    await repository.insertEvent(this.#db, alertEvent(room, id, 'raised', { alert_type: type, content }, at));
    await this.announce({
      type: 'alert',
      hotel_id: room.hotel_id,
      data: { id, type, room_id: room.room_id, room_num: room.room_num, content, event_time: at },
    });
    return true;
  }

  /**
   * An alert whose condition ended: recorded as cleared (when, why) with a line in the room's event
   * log, in one transaction, then closed on every console (`alert_closed` with the reason). False
   * when it was confirmed or cleared meanwhile (another instance, the sweep).
   */
  async #clear(alert: ClearableAlert, reason: AlertClearReason): Promise<boolean> {
    const at = this.#clock().toISOString();
    const cleared = await this.#db.transaction().execute(async (trx) => {
      if (!(await repository.clearAlert(trx, alert.id, reason, at))) return false;
      await repository.insertEvent(trx, alertEvent(alert, alert.id, 'cleared', { alert_type: alert.type, reason }, at));
      return true;
    });
    if (!cleared) return false;
    this.#rules.forget(alert.room_id, alert.type);
    await this.announce({ type: 'alert_closed', hotel_id: alert.hotel_id, data: { id: alert.id, reason } });
    return true;
  }
}
