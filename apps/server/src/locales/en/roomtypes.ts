import type { RoomTypesMessages } from '../types.js';

export default {
  'roomtypes.notFound': 'The room type does not exist.',
  'roomtypes.nameTaken': 'A room type with this name already exists.',
  'roomtypes.inUse': 'Rooms still use this room type; it cannot be deleted.',
  'roomtypes.devicePrefix': 'Device {n}: the key {key} must start with {prefix}.',
  'roomtypes.deviceDuplicate': 'Device {n}: the key {key} appears twice.',
  'roomtypes.setpointOrder': 'Device {n} ({key}): the setpoints need lowest ≤ default ≤ highest.',
  'roomtypes.setpointKind': 'Device {n} ({key}): only air conditioners and floor heating take setpoint defaults.',
} satisfies RoomTypesMessages;
