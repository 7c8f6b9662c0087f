import type { RoomTypesMessages } from '../types.js';

export default {
  'roomtypes.notFound': 'The room type does not exist.',
  'roomtypes.nameTaken': 'A room type with this name already exists.',
  'roomtypes.inUse': 'Rooms still use this room type; it cannot be deleted.',
  'roomtypes.devicePrefix': 'devices[{index}].key: {key} must start with {prefix} for kind {kind}.',
  'roomtypes.deviceDuplicate': 'devices[{index}].key: {key} appears twice.',
  'roomtypes.setpointOrder': 'devices[{index}].defaults: {key} needs set_min ≤ set ≤ set_max.',
  'roomtypes.setpointKind':
    'devices[{index}].defaults: only air conditioners and floor heating take setpoint defaults ({key}).',
} satisfies RoomTypesMessages;
