import type { AlertsMessages } from '../types';

export default {
  'alerts.type.1': 'Llamada de emergencia SOS',
  'alerts.type.2': 'Puerta abierta demasiado tiempo',
  'alerts.type.3': 'RCU desconectada',
  'alerts.type.4': 'Ventana abierta con el A/A encendido',
  'alerts.type.5': 'Avería de dispositivo',
  'alerts.type.6': 'RCU saturando',
  'alerts.type.other': 'Alerta',
  'alerts.room': 'Habitación {{room}}',
  'alerts.confirm': 'Confirmar',
  'alerts.confirmed': 'Alerta de la habitación {{room}} confirmada',
  'alerts.enableSound': 'Haga clic para activar el sonido',
  'alerts.soundBlocked': 'El navegador bloqueó el sonido de alerta',
  'alerts.more': '{{count}} alertas más',
  'alerts.live': 'En vivo',
  'alerts.liveOpen': 'En vivo: los cambios y las alertas llegan al instante',
  'alerts.polling': 'Sondeo',
  'alerts.pollingHelp': 'Conexión en vivo perdida: sondeo cada 10 s mientras se reconecta',
  'alerts.failed': 'Alertas no disponibles',
  'alerts.failedHelp': 'No se pueden leer las alertas: {{reason}}',
} satisfies AlertsMessages;
