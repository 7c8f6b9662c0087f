import { ALERT_AUTO_CLOSE_MS, type Alert } from '@roompilot/contract';
import { SOS_ALERT_TYPE } from '../live/vocabulary';

/**
 * The rules of the alert popup (SPEC.md "Alert popup"): an SOS (type 1) stays until it is confirmed
 * here or elsewhere; any other alert shows once and closes after 3 s. Alerts come from the 10 s
 * poll and from the live push, so the same alert arrives many times: it is shown once (and, the
 * ids kept per user by `shownStore`, not again after a reload). The queue also knows which alerts
 * are open, for the bell's count.
 */
export interface ShownAlert {
  alert: Alert;
  sos: boolean;
  /** When this console first got it. */
  receivedAt: number;
  /** When it closes by itself; null for an SOS. */
  closesAt: number | null;
}

export interface AlertQueue {
  shown: readonly ShownAlert[];
  /** Ids already shown here (a non-SOS alert is not shown twice) or closed (never shown again). */
  seen: ReadonlySet<number>;
  closed: ReadonlySet<number>;
  /** The open alerts this console knows of, by id: when it learnt each is open. */
  open: ReadonlyMap<number, number>;
}

export const EMPTY_QUEUE: AlertQueue = { shown: [], seen: new Set(), closed: new Set(), open: new Map() };

/** A queue that will not show again the non-SOS alerts shown before (a reload). */
export function queueWithSeen(seen: Iterable<number>): AlertQueue {
  return { ...EMPTY_QUEUE, seen: new Set(seen) };
}

/** How many alerts are open: the bell's count. */
export const openCount = (queue: AlertQueue) => queue.open.size;

export const isSos = (alert: Pick<Alert, 'type'>) => alert.type === SOS_ALERT_TYPE;

/** Adds the alerts not shown yet: SOS first, then the others, newest last. */
export function receiveAlerts(queue: AlertQueue, alerts: readonly Alert[], now: number): AlertQueue {
  const showing = new Set(queue.shown.map((entry) => entry.alert.id));
  const added: ShownAlert[] = [];
  const seen = new Set(queue.seen);
  let open = queue.open;
  for (const alert of alerts) {
    if (queue.closed.has(alert.id)) continue;
    if (!open.has(alert.id)) open = new Map(open).set(alert.id, now);
    if (showing.has(alert.id)) continue;
    const sos = isSos(alert);
    if (!sos && seen.has(alert.id)) continue;
    showing.add(alert.id);
    seen.add(alert.id);
    added.push({ alert, sos, receivedAt: now, closesAt: sos ? null : now + ALERT_AUTO_CLOSE_MS });
  }
  if (added.length === 0) return open === queue.open ? queue : { ...queue, open };
  return { ...queue, shown: sortShown([...queue.shown, ...added]), seen, open };
}

function sortShown(shown: ShownAlert[]): ShownAlert[] {
  return shown.sort((a, b) => Number(b.sos) - Number(a.sos) || a.receivedAt - b.receivedAt || a.alert.id - b.alert.id);
}

/**
 * Closes an alert: confirmed here, or `alert_closed` pushed because another console confirmed it
 * or its condition ended (door closed, window closed, …).
 */
export function closeAlert(queue: AlertQueue, id: number): AlertQueue {
  const closed = new Set(queue.closed).add(id);
  const open = new Map(queue.open);
  open.delete(id);
  return { ...queue, shown: queue.shown.filter((entry) => entry.alert.id !== id), closed, open };
}

/** Removes the non-SOS alerts whose 3 s have passed. */
export function expireAlerts(queue: AlertQueue, now: number): AlertQueue {
  const shown = queue.shown.filter((entry) => entry.closesAt === null || entry.closesAt > now);
  return shown.length === queue.shown.length ? queue : { ...queue, shown };
}

/**
 * A poll's answer lists the open alerts: an SOS shown here that it no longer lists was confirmed
 * elsewhere while the push was down, and an alert known open that it no longer lists is not open.
 * Only alerts received before the poll was sent are judged, so an answer that left before a new
 * alert arrived does not close it.
 */
export function reconcileOpen(queue: AlertQueue, open: readonly Alert[], sentAt: number, now: number): AlertQueue {
  const openIds = new Set(open.map((alert) => alert.id));
  const known = new Map([...queue.open].filter(([id, since]) => openIds.has(id) || since > sentAt));
  let next: AlertQueue = known.size === queue.open.size ? queue : { ...queue, open: known };
  for (const entry of queue.shown) {
    if (entry.sos && entry.receivedAt <= sentAt && !openIds.has(entry.alert.id))
      next = closeAlert(next, entry.alert.id);
  }
  return receiveAlerts(next, open, now);
}

/** When the next non-SOS alert closes, or null. */
export function nextClosing(queue: AlertQueue): number | null {
  const times = queue.shown.flatMap((entry) => (entry.closesAt === null ? [] : [entry.closesAt]));
  return times.length > 0 ? Math.min(...times) : null;
}

export const hasSos = (queue: AlertQueue) => queue.shown.some((entry) => entry.sos);

/**
 * The phone's single card (AlertCenter on mobile): the alerts newest first, SOS before the others,
 * and the rooms of each kind for its head line ("2 SOS — 0207, 0203").
 */
export interface AlertStack {
  entries: readonly ShownAlert[];
  sosRooms: readonly string[];
  others: readonly ShownAlert[];
}

export function alertStack(shown: readonly ShownAlert[]): AlertStack {
  const entries = [...shown].sort(
    (a, b) => Number(b.sos) - Number(a.sos) || b.receivedAt - a.receivedAt || b.alert.id - a.alert.id,
  );
  const sosRooms = [...new Set(entries.filter((entry) => entry.sos).map((entry) => entry.alert.room_num))];
  return { entries, sosRooms, others: entries.filter((entry) => !entry.sos) };
}
