import type { TimeMessages } from '../types';

export default {
  'time.justNow': 'just now',
  'time.minuteAgo': '1 minute ago',
  'time.minutesAgo': '{{count}} minutes ago',
  'time.hourAgo': '1 hour ago',
  'time.hoursAgo': '{{count}} hours ago',
  'time.dayAgo': '1 day ago',
} satisfies TimeMessages;
