import type { BrokerMessages } from '../types.js';

export default {
  'broker.authOff': 'La autenticación HTTP de MQTT está desactivada (MQTT_AUTH_SECRET no está definido).',
  'broker.badSecret': 'El secreto compartido del broker MQTT no es correcto.',
  'broker.busy': 'Demasiadas solicitudes de autenticación MQTT; inténtelo de nuevo en {seconds} s.',
} satisfies BrokerMessages;
