import type { ValidityMessages } from '../types';

export default {
  'validity.endDate': 'Válido hasta',
  'validity.daysLeft': 'Días restantes',
  'validity.daysLeftValue': 'Quedan {{days}} días',
  'validity.daysOver': 'Caducado hace {{days}} días',
  'validity.endsToday': 'Caduca hoy',
  'validity.status': 'Estado',
  'validity.state.none': 'Sin caducidad',
  'validity.state.ok': 'Vigente',
  'validity.state.soon': 'Caduca pronto',
  'validity.state.expired': 'Caducado',
  'validity.unlimited': 'Sin caducidad',
  'validity.expiringSoon': 'caduca pronto',
  'validity.expired': 'caducado',
  'validity.expiringFilter': 'Solo hoteles que caducan en {{days}} días o ya caducados',
  'validity.change': 'Cambiar fecha',
  'validity.changeTitle': 'Cambiar validez: {{name}}',
  'validity.updated': 'Validez de «{{name}}» actualizada',
  'validity.empty': 'Todavía no hay hoteles',
  'validity.emptyExpiring': 'Ningún hotel caduca pronto ni está caducado',
} satisfies ValidityMessages;
