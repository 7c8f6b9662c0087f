import type { RoomTypesMessages } from '../types.js';

export default {
  'roomtypes.notFound': 'El tipo de habitación no existe.',
  'roomtypes.nameTaken': 'Ya existe un tipo de habitación con este nombre.',
  'roomtypes.inUse': 'Hay habitaciones de este tipo; no se puede eliminar.',
  'roomtypes.devicePrefix': 'Dispositivo {n}: la clave {key} debe empezar por {prefix}.',
  'roomtypes.deviceDuplicate': 'Dispositivo {n}: la clave {key} está repetida.',
  'roomtypes.setpointOrder': 'Dispositivo {n} ({key}): las consignas deben cumplir mínima ≤ por defecto ≤ máxima.',
  'roomtypes.setpointKind':
    'Dispositivo {n} ({key}): solo el aire acondicionado y la calefacción por suelo admiten consignas por defecto.',
} satisfies RoomTypesMessages;
