import { ALERT_AUTO_CLOSE_MS, type Alert } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import {
  alertStack,
  closeAlert,
  EMPTY_QUEUE,
  expireAlerts,
  hasSos,
  nextClosing,
  openCount,
  queueWithSeen,
  receiveAlerts,
  reconcileOpen,
} from './alertQueue';

const alert = (id: number, type: number): Alert => ({
  id,
  type,
  room_id: 100 + id,
  room_num: `0${200 + id}`,
  event_content: type === 1 ? 'sos' : 'door_open_long',
  event_time: '2026-01-01T00:00:00Z',
});
const shownIds = (queue: typeof EMPTY_QUEUE) => queue.shown.map((entry) => entry.alert.id);

describe('the alert queue', () => {
  it('keeps an SOS until it is closed, and lets the others expire after 3 s', () => {
    let queue = receiveAlerts(EMPTY_QUEUE, [alert(1, 1), alert(2, 2)], 1000);
    expect(shownIds(queue)).toEqual([1, 2]);
    expect(hasSos(queue)).toBe(true);
    expect(nextClosing(queue)).toBe(1000 + ALERT_AUTO_CLOSE_MS);
    queue = expireAlerts(queue, 1000 + ALERT_AUTO_CLOSE_MS - 1);
    expect(shownIds(queue)).toEqual([1, 2]);
    queue = expireAlerts(queue, 1000 + ALERT_AUTO_CLOSE_MS);
    expect(shownIds(queue)).toEqual([1]);
    queue = expireAlerts(queue, 1_000_000);
    expect(shownIds(queue)).toEqual([1]);
    expect(nextClosing(queue)).toBeNull();
  });

  it('shows an alert once however often the poll and the push repeat it', () => {
    let queue = receiveAlerts(EMPTY_QUEUE, [alert(2, 2)], 0);
    queue = receiveAlerts(queue, [alert(2, 2)], 10);
    expect(queue.shown).toHaveLength(1);
    queue = expireAlerts(queue, ALERT_AUTO_CLOSE_MS);
    queue = receiveAlerts(queue, [alert(2, 2)], 10_000);
    expect(queue.shown).toHaveLength(0);
  });

  it('puts SOS first, then the others as they came', () => {
    let queue = receiveAlerts(EMPTY_QUEUE, [alert(3, 3)], 0);
    queue = receiveAlerts(queue, [alert(4, 1), alert(5, 4)], 10);
    expect(shownIds(queue)).toEqual([4, 3, 5]);
  });

  it('closes an alert confirmed elsewhere and never shows it again', () => {
    let queue = receiveAlerts(EMPTY_QUEUE, [alert(1, 1)], 0);
    queue = closeAlert(queue, 1);
    expect(hasSos(queue)).toBe(false);
    queue = receiveAlerts(queue, [alert(1, 1)], 5);
    expect(queue.shown).toHaveLength(0);
  });

  it('closes an SOS the poll no longer lists, unless it arrived after the poll was sent', () => {
    let queue = receiveAlerts(EMPTY_QUEUE, [alert(1, 1)], 100);
    queue = receiveAlerts(queue, [alert(2, 1)], 300);
    queue = reconcileOpen(queue, [], 200, 400);
    expect(shownIds(queue)).toEqual([2]);
  });

  it('adds what the poll lists that was not shown yet', () => {
    const queue = reconcileOpen(EMPTY_QUEUE, [alert(7, 1), alert(8, 2)], 0, 50);
    expect(shownIds(queue)).toEqual([7, 8]);
    expect(queue.shown[1]?.closesAt).toBe(50 + ALERT_AUTO_CLOSE_MS);
  });

  it('after a reload, does not show again a non-SOS alert shown before; an open SOS shows again', () => {
    const queue = reconcileOpen(queueWithSeen([1, 2]), [alert(1, 1), alert(2, 4), alert(3, 4)], 0, 10);
    expect(shownIds(queue)).toEqual([1, 3]);
    // Not shown, still open: the bell counts it.
    expect(openCount(queue)).toBe(3);
  });

  it('counts the open alerts for the bell: up with each new one, down when confirmed or cleared anywhere', () => {
    let queue = receiveAlerts(EMPTY_QUEUE, [alert(1, 2), alert(2, 4)], 0);
    expect(openCount(queue)).toBe(2);
    // Expired from the popup, still open.
    queue = expireAlerts(queue, ALERT_AUTO_CLOSE_MS);
    expect(openCount(queue)).toBe(2);
    queue = closeAlert(queue, 2); // alert_closed: the window was closed
    expect(openCount(queue)).toBe(1);
    // A poll answer sent before an alert arrived by push does not drop it from the count...
    queue = receiveAlerts(queue, [alert(3, 2)], 500);
    queue = reconcileOpen(queue, [alert(1, 2)], 400, 600);
    expect(openCount(queue)).toBe(2);
    // ...but a later one that no longer lists an alert does (closed while the push was down).
    queue = reconcileOpen(queue, [alert(3, 2)], 700, 800);
    expect(openCount(queue)).toBe(1);
    // A closed alert a late poll still lists does not come back.
    queue = reconcileOpen(closeAlert(queue, 3), [alert(3, 2)], 650, 900);
    expect(openCount(queue)).toBe(0);
  });
});

describe('the phone card', () => {
  it('lists the alerts newest first, SOS before the others, and the SOS rooms once each', () => {
    let queue = receiveAlerts(EMPTY_QUEUE, [alert(3, 1)], 1000);
    queue = receiveAlerts(queue, [alert(5, 2)], 2000);
    queue = receiveAlerts(queue, [alert(7, 1), { ...alert(8, 1), room_num: '0203' }], 3000);
    const stack = alertStack(queue.shown);
    expect(stack.entries.map((entry) => entry.alert.id)).toEqual([8, 7, 3, 5]);
    expect(stack.sosRooms).toEqual(['0203', '0207']);
    expect(stack.others.map((entry) => entry.alert.id)).toEqual([5]);
  });

  it('is empty with no alert shown', () => {
    expect(alertStack([])).toEqual({ entries: [], sosRooms: [], others: [] });
  });
});
