import type { ModesMessages } from '../types.js';

export default {
  'modes.notFound': 'El modo no existe.',
  'modes.nameEmpty': 'El modo necesita un nombre.',
  'modes.nameTaken':
    'Este tipo de habitación ya tiene un modo con este nombre (tampoco se puede usar el nombre de un modo integrado).',
  'modes.tooMany': 'Un tipo de habitación tiene como máximo 32 modos.',
  'modes.builtinName': 'El nombre de un modo integrado no se puede cambiar.',
  'modes.builtinDelete': 'Los modos integrados no se pueden eliminar.',
  'modes.unknownDevice': 'El dispositivo {key} no está en la plantilla de dispositivos del tipo de habitación.',
  'modes.deviceField': 'El dispositivo {key} no admite «{field}».',
  'modes.setpointRange':
    'Dispositivo {key}: la temperatura de consigna está fuera de los límites de la plantilla del tipo de habitación.',
  'modes.scheduleMode': 'Horario {n}: el modo no es de este tipo de habitación.',
  'modes.noSuchMode': 'Habitación {room}: su tipo de habitación no tiene ningún modo llamado {reason}.',
} satisfies ModesMessages;
