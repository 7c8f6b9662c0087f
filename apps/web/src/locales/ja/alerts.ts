import type { AlertsMessages } from '../types';

export default {
  'alerts.type.1': 'SOS 緊急呼び出し',
  'alerts.type.2': 'ドアの開けっ放し',
  'alerts.type.3': 'RCU オフライン',
  'alerts.type.4': '窓が開いたままエアコン運転中',
  'alerts.type.5': '機器故障',
  'alerts.type.6': 'RCU メッセージ過多',
  'alerts.type.other': 'アラート',
  'alerts.room': '客室 {{room}}',
  'alerts.confirm': '確認',
  'alerts.confirmed': '客室 {{room}} のアラートを確認しました',
  'alerts.enableSound': 'クリックして音を有効にする',
  'alerts.soundBlocked': 'ブラウザが警告音をブロックしました',
  'alerts.more': 'ほか {{count}} 件のアラート',
  'alerts.live': 'ライブ',
  'alerts.liveOpen': 'ライブ接続中：客室の変化とアラートが即時に届きます',
  'alerts.polling': 'ポーリング',
  'alerts.pollingHelp': 'ライブ接続が切れています：再接続中、10 秒ごとに確認します',
  'alerts.failed': 'アラート利用不可',
  'alerts.failedHelp': 'アラートを読み込めません：{{reason}}',
} satisfies AlertsMessages;
