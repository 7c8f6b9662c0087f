import {
  DEVICE_KEY_PATTERN,
  DEVICE_NAME_MAX,
  type Device,
  type DeviceKind,
  deviceProblems,
  SETPOINT_KINDS,
} from '@roompilot/contract';

/** A row of the template editor: a device plus a stable id for React while its key changes. */
export interface DeviceRow {
  uid: number;
  key: string;
  kind: DeviceKind;
  name: string;
  set_min?: number | null;
  set_max?: number | null;
  set?: number | null;
}

export type RowProblem = 'keyFormat' | 'keyPrefix' | 'keyDuplicate' | 'nameRequired' | 'nameLong' | 'setpointOrder';

let nextUid = 1;
export const newUid = () => nextUid++;

export const hasSetpoints = (kind: DeviceKind) => SETPOINT_KINDS.includes(kind);

export function toRows(devices: readonly Device[]): DeviceRow[] {
  return devices.map((device) => ({
    uid: newUid(),
    key: device.key,
    kind: device.kind,
    name: device.name,
    set_min: device.defaults?.set_min,
    set_max: device.defaults?.set_max,
    set: device.defaults?.set,
  }));
}

/** The template as the server takes it: defaults only on AC and floor heating, only those set. */
export function toDevices(rows: readonly DeviceRow[]): Device[] {
  return rows.map((row) => {
    const device: Device = { key: row.key.trim(), kind: row.kind, name: row.name.trim() };
    if (hasSetpoints(row.kind)) {
      const defaults: NonNullable<Device['defaults']> = {};
      if (typeof row.set_min === 'number') defaults.set_min = row.set_min;
      if (typeof row.set_max === 'number') defaults.set_max = row.set_max;
      if (typeof row.set === 'number') defaults.set = row.set;
      if (Object.keys(defaults).length > 0) device.defaults = defaults;
    }
    return device;
  });
}

const KEY = new RegExp(DEVICE_KEY_PATTERN);

/**
 * What is wrong with each row, by uid: the server's own template check (prefix, duplicates,
 * setpoint order) plus what the schema would refuse (key format, name).
 */
export function rowProblems(rows: readonly DeviceRow[]): Map<number, RowProblem[]> {
  const problems = new Map<number, RowProblem[]>();
  const add = (uid: number, problem: RowProblem) => {
    const list = problems.get(uid) ?? [];
    if (!list.includes(problem)) list.push(problem);
    problems.set(uid, list);
  };
  const devices = toDevices(rows);
  devices.forEach((device, index) => {
    const uid = rows[index]?.uid ?? 0;
    if (!KEY.test(device.key)) add(uid, 'keyFormat');
    if (!device.name) add(uid, 'nameRequired');
    if (device.name.length > DEVICE_NAME_MAX) add(uid, 'nameLong');
  });
  for (const { index, problem } of deviceProblems(devices)) {
    const uid = rows[index]?.uid ?? 0;
    if (problem === 'prefix' && !problems.get(uid)?.includes('keyFormat')) add(uid, 'keyPrefix');
    if (problem === 'duplicate') add(uid, 'keyDuplicate');
    if (problem === 'setpoint_order') add(uid, 'setpointOrder');
  }
  return problems;
}
