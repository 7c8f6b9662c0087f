import type { TimeMessages } from '../types';

export default {
  'time.justNow': 'たった今',
  'time.minuteAgo': '1分前',
  'time.minutesAgo': '{{count}}分前',
  'time.hourAgo': '1時間前',
  'time.hoursAgo': '{{count}}時間前',
  'time.dayAgo': '1日前',
} satisfies TimeMessages;
