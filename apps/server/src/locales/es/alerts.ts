import type { AlertsMessages } from '../types.js';

export default {
  'alerts.sos': 'Llamada de emergencia SOS{detail}',
  'alerts.fault': 'Avería de un dispositivo{detail}',
  'alerts.door_open_long': 'Puerta abierta durante más de {minutes} min',
  'alerts.rcu_offline': 'RCU desconectada durante más de {minutes} min',
  'alerts.rcu_offline_now': 'RCU desconectada',
  'alerts.window_open_ac_on': 'Ventana abierta con el aire acondicionado en marcha',
  'alerts.rcu_flooding': 'RCU saturando: se descartan los mensajes que superan su límite (los SOS siempre pasan)',
  'alerts.cleared.door_closed': 'Se cerró la puerta',
  'alerts.cleared.rcu_online': 'El RCU vuelve a estar en línea',
  'alerts.cleared.window_closed': 'Se cerró la ventana',
  'alerts.cleared.ac_off': 'Se apagó el aire acondicionado',
  'alerts.cleared.flood_ended': 'El RCU vuelve a estar dentro de su límite de mensajes',
  'alerts.timeRange': 'La hora de inicio no puede ser posterior a la hora de fin.',
} satisfies AlertsMessages;
