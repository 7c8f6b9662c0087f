import type { TimeMessages } from '../types';

export default {
  'time.justNow': 'justo ahora',
  'time.minuteAgo': 'hace 1 minuto',
  'time.minutesAgo': 'hace {{count}} minutos',
  'time.hourAgo': 'hace 1 hora',
  'time.hoursAgo': 'hace {{count}} horas',
  'time.dayAgo': 'hace 1 día',
} satisfies TimeMessages;
