import { createRcu, type Rates, type RcuOptions, type VirtualRcu } from './rcu.js';

/** One room the fleet simulates: its RCU's credentials and its room type's device keys. */
export interface FleetRoom {
  rcu_id: string;
  device_key: string;
  devices?: readonly string[];
}

export interface FleetOptions extends Omit<RcuOptions, 'url' | 'rcuId' | 'deviceKey' | 'devices' | 'rates'> {
  url: string;
  rooms: readonly FleetRoom[];
  rates?: Partial<Rates>;
  /** RCUs connecting at the same time (a connect storm is no test of anything). */
  concurrency?: number;
  /** Called when an RCU could not start (refused key, unreachable broker); the others go on. */
  onError?: (rcuId: string, error: Error) => void;
}

export interface Fleet {
  rcus: VirtualRcu[];
  /** RCUs that could not start. */
  failed: { rcuId: string; error: Error }[];
  get(rcuId: string): VirtualRcu | undefined;
  stop(): Promise<void>;
}

/** Starts one virtual RCU per room and resolves once each has connected or failed. */
export async function runFleet(options: FleetOptions): Promise<Fleet> {
  const { rooms, url, concurrency = 50, onError = () => {}, ...common } = options;
  const rcus = rooms.map((room) =>
    createRcu({ ...common, url, rcuId: room.rcu_id, deviceKey: room.device_key, devices: room.devices }),
  );
  const failed: Fleet['failed'] = [];
  let next = 0;
  const worker = async () => {
    while (next < rcus.length) {
      const rcu = rcus[next++] as VirtualRcu;
      try {
        await rcu.start();
      } catch (error) {
        const reason = error instanceof Error ? error : new Error(String(error));
        failed.push({ rcuId: rcu.rcuId, error: reason });
        onError(rcu.rcuId, reason);
        await rcu.stop();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, rcus.length)) }, worker));
  const started = rcus.filter((rcu) => !failed.some((f) => f.rcuId === rcu.rcuId));
  const byId = new Map(started.map((rcu) => [rcu.rcuId, rcu]));
  return {
    rcus: started,
    failed,
    get: (rcuId) => byId.get(rcuId),
    stop: async () => {
      await Promise.all(started.map((rcu) => rcu.stop()));
    },
  };
}
