import type { AlertsMessages } from '../types';

export default {
  'alerts.type.1': 'SOS emergency call',
  'alerts.type.2': 'Door left open',
  'alerts.type.3': 'RCU offline',
  'alerts.type.4': 'Window open while the AC runs',
  'alerts.type.5': 'Device fault',
  'alerts.type.6': 'RCU flooding',
  'alerts.type.other': 'Alert',
  'alerts.room': 'Room {{room}}',
  'alerts.confirm': 'Confirm',
  'alerts.confirmed': 'Alert of room {{room}} confirmed',
  'alerts.enableSound': 'Click to enable sound',
  'alerts.soundBlocked': 'The browser blocked the alert sound',
  'alerts.more': '{{count}} more alerts',
  'alerts.live': 'Live',
  'alerts.liveOpen': 'Live: room changes and alerts arrive at once',
  'alerts.polling': 'Polling',
  'alerts.pollingHelp': 'Live connection lost: polling every 10 s while reconnecting',
  'alerts.failed': 'Alerts unavailable',
  'alerts.failedHelp': 'Cannot read the alerts: {{reason}}',
} satisfies AlertsMessages;
