import type { DeviceChange, DeviceSync, SyncResult } from './dynsec.js';

/**
 * EMQX asks RoomPilot who may connect (/apis/mqtt/auth) at each connection, so a new room, a new
 * key and a deleted room are seen at the next attempt; but it does not ask again while an RCU stays
 * connected. With MQTT_DEVICE_SYNC=emqx, RoomPilot also disconnects (kicks) an RCU through EMQX's
 * REST API when its room's key, rcu_id or place changes or the room is deleted: it reconnects (its
 * new key is asked about) or is refused. `DELETE /api/v5/clients/{clientid}`, with an API key.
 */
export interface EmqxOptions {
  /** EMQX's REST API, e.g. `http://emqx:18083` (no trailing `/api/v5`). */
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Kicks at once, at most. */
  parallel?: number;
  timeoutMs?: number;
}

export function emqxKicker(options: EmqxOptions): DeviceSync {
  const base = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`;
  const parallel = options.parallel ?? 8;
  const timeoutMs = options.timeoutMs ?? 5_000;

  /** True when EMQX dropped the client, false when it was not connected. */
  async function kick(rcuId: string): Promise<boolean> {
    const response = await fetch(`${base}/api/v5/clients/${encodeURIComponent(rcuId)}`, {
      method: 'DELETE',
      headers: { authorization },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 204 || response.status === 200) return true;
    if (response.status === 404) return false;
    throw new Error(`EMQX answered ${response.status} to the kick of ${rcuId}`);
  }

  return {
    async sync(rcuIds: readonly string[], change: DeviceChange = 'changed'): Promise<SyncResult> {
      const result: SyncResult = { created: 0, updated: 0, removed: 0, unreadable: 0, foreign: 0 };
      // A new room's RCU is not connected yet: EMQX asks about it when it connects.
      if (change === 'added') return result;
      const queue = [...new Set(rcuIds)];
      const failures: unknown[] = [];
      await Promise.all(
        Array.from({ length: Math.min(parallel, queue.length) }, async () => {
          for (let rcuId = queue.shift(); rcuId !== undefined; rcuId = queue.shift()) {
            try {
              if (await kick(rcuId)) {
                if (change === 'removed') result.removed += 1;
                else result.updated += 1;
              }
            } catch (error) {
              failures.push(error);
            }
          }
        }),
      );
      if (failures.length > 0) throw failures[0];
      return result;
    },
    // Nothing to reconcile: EMQX keeps no copy of the devices, it asks.
    reconcile: async () => ({ created: 0, updated: 0, removed: 0, unreadable: 0, foreign: 0, checked: 0 }),
    up: () => true,
    close: async () => {},
  };
}
