import type { LiveDeviceState, LiveRoomChange } from '@roompilot/contract';

/** A room's device state with a pushed change merged in, device field by device field. */
export function mergeDeviceChange(current: LiveDeviceState, change: LiveRoomChange): LiveDeviceState {
  if (change.room_id !== current.room_id) return current;
  const devices = { ...current.devices };
  for (const [key, state] of Object.entries(change.devices ?? {})) devices[key] = { ...devices[key], ...state };
  return {
    ...current,
    online: change.online ?? current.online,
    devices,
    energy: change.energy ? { ...current.energy, ...change.energy } : current.energy,
  };
}
