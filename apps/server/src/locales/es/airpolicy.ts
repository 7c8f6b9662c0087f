import type { AirPolicyMessages } from '../types.js';

export default {
  'airpolicy.badDate': '{field}: {value} no es un día del año',
  'airpolicy.seasonsOverlap': 'Las temporadas de refrigeración y calefacción comparten días',
  'airpolicy.setpointOrder': '{season}, {rent}: las consignas deben cumplir mínima ≤ por defecto ≤ máxima',
  'airpolicy.clamped.set':
    '{device}: la consigna de {asked} °C está fuera de la política de ahorro ({min}–{max} °C); se envió {applied} °C',
  'airpolicy.clamped.mode': '{device}: la política de ahorro no permite el modo {asked}; se envió {applied}',
  'airpolicy.clamped.fan':
    '{device}: la política de ahorro no permite la velocidad de ventilador {asked}; se envió {applied}',
  'airpolicy.mode.cool': 'frío',
  'airpolicy.mode.heat': 'calor',
  'airpolicy.mode.fan': 'solo ventilador',
  'airpolicy.mode.dry': 'deshumidificar',
  'airpolicy.mode.auto': 'automático',
  'airpolicy.fan.auto': 'automática',
  'airpolicy.fan.low': 'baja',
  'airpolicy.fan.mid': 'media',
  'airpolicy.fan.high': 'alta',
} satisfies AirPolicyMessages;
