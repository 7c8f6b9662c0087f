import type { RoomsMessages } from '../types.js';

export default {
  'rooms.notFound': 'La habitación no existe.',
  'rooms.roomTypeNotFound': 'El tipo de habitación {id} no existe en este hotel.',
  'rooms.numTaken': 'El número de habitación {room_num} ya existe.',
  'rooms.rcuTaken': 'El ID del RCU {rcu_id} ya está en uso.',
  'rooms.badMac': 'Una dirección MAC tiene 12 dígitos hexadecimales.',
  'rooms.floorOutOfRange': 'La planta {floor} está fuera de las plantas {from}..{to} del edificio {building}.',
  'rooms.bulkLimit': 'Como máximo {max} habitaciones a la vez.',
  'rooms.bulkRange': 'La primera planta o habitación no puede ser mayor que la última.',
  'rooms.badPattern': 'Patrón de numeración: {pattern} debe contener {floor} y {room}.',
  'rooms.patternGivesBadNumber':
    'Patrón de numeración: genera el número {room_num}, que no tiene 1–16 letras, dígitos o -.',
  'rooms.patternRepeats':
    'Patrón de numeración: genera el número {room_num} dos veces; rellene planta o habitación, p. ej. {floor:2}{room:2}.',
  'rooms.importErrors': '{count} filas tienen errores; no se importó nada.',
  'rooms.importErrorsOne': '{count} fila tiene errores; no se importó nada.',
  'rooms.importTooLarge': 'El archivo es demasiado grande (límite {limit} bytes).',
  'rooms.importInflatedTooLarge':
    'La hoja de cálculo descomprimida ocupa más de {limit} MB; no se importó nada. Quite hojas y contenido sobrantes e inténtelo de nuevo.',
  'rooms.importBusy': 'Ya se están importando habitaciones en este hotel; inténtelo cuando termine esa importación.',
  'rooms.importTooManyRows': 'Como máximo {max} filas por importación.',
  'rooms.importUnreadable': 'No se puede leer el archivo; suba un CSV (UTF-8) o un Excel (.xlsx).',
  'rooms.importNoFile': 'Elija un archivo para subir.',
  'rooms.importFileEmpty': 'El archivo está vacío.',
  'rooms.importNotMultipart': 'Una importación es una subida multipart/form-data.',
  'rooms.importEmpty': 'El archivo no tiene filas de habitaciones.',
  'rooms.importMissingColumn': 'Al archivo le falta la columna {columns}.',
  'rooms.importMissingColumns': 'Al archivo le faltan las columnas: {columns}.',
} satisfies RoomsMessages;
