import type { ImportMessages } from '../types.js';

export default {
  'import.required': 'es obligatorio',
  'import.badRoomNum': 'debe tener 1–16 letras, dígitos o -',
  'import.roomNumTaken': 'el número {value} ya existe',
  'import.repeated': 'repite la línea {other}',
  'import.unknownBuilding': 'no hay ningún edificio {value}',
  'import.badFloor': 'debe ser un número entero de {min} a {max}',
  'import.floorOutOfRange': 'está fuera de las plantas {from}..{to} del edificio {building}',
  'import.unknownRoomType': 'no hay ningún tipo de habitación {value}',
  'import.badRcuId': 'debe tener 1–32 letras o dígitos',
  'import.rcuTaken': 'el ID del RCU {value} ya está en uso',
  'import.badMac': 'debe tener 12 dígitos hexadecimales',
  'import.tooLong': 'no debe tener más de {max} caracteres',
  'import.exampleRow': 'Fila de ejemplo: sustitúyala o bórrela',
  'import.badDate': 'debe ser una fecha AAAA-MM-DD',
} satisfies ImportMessages;
