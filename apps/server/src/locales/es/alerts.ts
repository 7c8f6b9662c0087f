import type { AlertsMessages } from '../types.js';

export default {
  'alerts.sos': 'Llamada de emergencia SOS{detail}',
  'alerts.fault': 'Avería de un dispositivo{detail}',
  'alerts.door_open_long': 'Puerta abierta durante más de {minutes} min',
  'alerts.rcu_offline': 'RCU desconectada durante más de {minutes} min',
  'alerts.rcu_offline_now': 'RCU desconectada',
  'alerts.window_open_ac_on': 'Ventana abierta con el aire acondicionado en marcha',
  'alerts.rcu_flooding': 'RCU saturando: se descartan los mensajes que superan su límite (los SOS siempre pasan)',
} satisfies AlertsMessages;
