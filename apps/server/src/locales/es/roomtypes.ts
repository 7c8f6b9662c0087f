import type { RoomTypesMessages } from '../types.js';

export default {
  'roomtypes.notFound': 'El tipo de habitación no existe.',
  'roomtypes.nameTaken': 'Ya existe un tipo de habitación con este nombre.',
  'roomtypes.inUse': 'Hay habitaciones de este tipo; no se puede eliminar.',
  'roomtypes.devicePrefix': 'devices[{index}].key: {key} debe empezar por {prefix} para el tipo {kind}.',
  'roomtypes.deviceDuplicate': 'devices[{index}].key: {key} está repetida.',
  'roomtypes.setpointOrder': 'devices[{index}].defaults: {key} necesita set_min ≤ set ≤ set_max.',
  'roomtypes.setpointKind':
    'devices[{index}].defaults: solo el aire acondicionado y la calefacción por suelo admiten valores de consigna ({key}).',
} satisfies RoomTypesMessages;
