import type { AlertsMessages } from '../types.js';

export default {
  'alerts.sos': 'SOS 緊急呼び出し{detail}',
  'alerts.fault': 'デバイスの故障{detail}',
  'alerts.door_open_long': 'ドアが {minutes} 分以上開いています',
  'alerts.rcu_offline': 'RCU が {minutes} 分以上オフラインです',
  'alerts.rcu_offline_now': 'RCU がオフラインです',
  'alerts.window_open_ac_on': 'エアコン運転中に窓が開いています',
  'alerts.rcu_flooding': 'RCU のメッセージ過多：上限を超えたメッセージは破棄されます（SOS は常に届きます）',
  'alerts.cleared.door_closed': 'ドアが閉まりました',
  'alerts.cleared.rcu_online': 'RCU がオンラインに戻りました',
  'alerts.cleared.window_closed': '窓が閉まりました',
  'alerts.cleared.ac_off': 'エアコンが停止しました',
  'alerts.cleared.flood_ended': 'RCU のメッセージが上限内に戻りました',
  'alerts.timeRange': '開始時刻は終了時刻より後にできません。',
} satisfies AlertsMessages;
