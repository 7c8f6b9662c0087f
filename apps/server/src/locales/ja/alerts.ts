import type { AlertsMessages } from '../types.js';

export default {
  'alerts.sos': 'SOS 緊急呼び出し{detail}',
  'alerts.fault': 'デバイスの故障{detail}',
  'alerts.door_open_long': 'ドアが {minutes} 分以上開いています',
  'alerts.rcu_offline': 'RCU が {minutes} 分以上オフラインです',
  'alerts.rcu_offline_now': 'RCU がオフラインです',
  'alerts.window_open_ac_on': 'エアコン運転中に窓が開いています',
  'alerts.rcu_flooding': 'RCU のメッセージ過多：上限を超えたメッセージは破棄されます（SOS は常に届きます）',
} satisfies AlertsMessages;
