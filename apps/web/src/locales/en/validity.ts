import type { ValidityMessages } from '../types';

export default {
  'validity.endDate': 'Valid until',
  'validity.daysLeft': 'Days left',
  'validity.daysLeftValue': '{{days}} days left',
  'validity.daysOver': 'Expired {{days}} days ago',
  'validity.endsToday': 'Ends today',
  'validity.status': 'Status',
  'validity.state.none': 'No end date',
  'validity.state.ok': 'Active',
  'validity.state.soon': 'Expiring soon',
  'validity.state.expired': 'Expired',
  'validity.unlimited': 'No end date',
  'validity.expiringSoon': 'expiring soon',
  'validity.expired': 'expired',
  'validity.expiringFilter': 'Only hotels expiring within {{days}} days or expired',
  'validity.change': 'Change date',
  'validity.changeTitle': 'Change validity: {{name}}',
  'validity.updated': 'Validity of “{{name}}” updated',
  'validity.empty': 'No hotels yet',
  'validity.emptyExpiring': 'No hotel is expiring soon or expired',
} satisfies ValidityMessages;
