import type { ModesMessages } from '../types.js';

export default {
  'modes.notFound': 'The mode does not exist.',
  'modes.nameEmpty': 'The mode needs a name.',
  'modes.nameTaken': "This room type has a mode with this name already (a built-in mode's name cannot be used either).",
  'modes.tooMany': 'A room type has at most 32 modes.',
  'modes.builtinName': "A built-in mode's name cannot be changed.",
  'modes.builtinDelete': 'Built-in modes cannot be deleted.',
  'modes.unknownDevice': "Device {key} is not in the room type's device template.",
  'modes.deviceField': 'Device {key} does not take "{field}".',
  'modes.setpointRange': "Device {key}: the setpoint is outside the limits of the room type's template.",
  'modes.scheduleMode': 'Schedule {n}: the mode is not one of this room type.',
  'modes.noSuchMode': 'Room {room}: its room type has no mode named {reason}.',
} satisfies ModesMessages;
