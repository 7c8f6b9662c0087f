import type { PowerMessages } from '../types.js';

export default {
  'power.period': 'La hora de inicio debe ser anterior a la de fin.',
  'power.tooManyPoints': 'El periodo es demasiado largo para este intervalo: como máximo {max} puntos.',
  'power.savingTooLong': 'El ahorro se estima sobre {days} días como máximo.',
  'power.hotel': 'Todo el hotel',
  'power.floor': 'Planta {floor}',
  'power.deletedType': 'Tipo de habitación {id} (eliminado)',
  'power.rent.empty': 'Libre',
  'power.rent.for_sale': 'En venta',
  'power.rent.sold': 'Vendida',
  'power.rent.checked_in': 'Ocupada',
  'power.rent.checkout': 'Salida',
  'power.rent.unknown': 'Sin estado',
  'power.time': 'Hora',
  'power.total': 'Total',
} satisfies PowerMessages;
