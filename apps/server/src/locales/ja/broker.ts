import type { BrokerMessages } from '../types.js';

export default {
  'broker.authOff': 'MQTT の HTTP 認証は無効です(MQTT_AUTH_SECRET が未設定)',
  'broker.badSecret': 'MQTT ブローカーの共有シークレットが正しくありません',
  'broker.busy': 'MQTT 認証の要求が多すぎます。{seconds} 秒後にもう一度お試しください',
} satisfies BrokerMessages;
