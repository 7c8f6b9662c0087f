import type { BrokerMessages } from '../types.js';

export default {
  'broker.authOff': 'HTTP authentication for MQTT is off (MQTT_AUTH_SECRET is not set).',
  'broker.badSecret': 'Wrong shared secret for the MQTT broker.',
  'broker.busy': 'Too many MQTT authentication requests; please try again in {seconds} s.',
} satisfies BrokerMessages;
