export default {
  'time.justNow': '刚刚',
  'time.minuteAgo': '1分钟前',
  'time.minutesAgo': '{{count}}分钟前',
  'time.hourAgo': '1小时前',
  'time.hoursAgo': '{{count}}小时前',
  'time.dayAgo': '1天前',
};
