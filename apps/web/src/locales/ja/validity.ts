import type { ValidityMessages } from '../types';

export default {
  'validity.endDate': '有効期限',
  'validity.daysLeft': '残り日数',
  'validity.daysLeftValue': '残り {{days}} 日',
  'validity.daysOver': '{{days}} 日前に期限切れ',
  'validity.endsToday': '本日まで',
  'validity.status': '状態',
  'validity.state.none': '無期限',
  'validity.state.ok': '有効',
  'validity.state.soon': 'まもなく期限切れ',
  'validity.state.expired': '期限切れ',
  'validity.unlimited': '無期限',
  'validity.expiringSoon': 'まもなく期限切れ',
  'validity.expired': '期限切れ',
  'validity.expiringFilter': '{{days}} 日以内に期限切れ、または期限切れのホテルのみ',
  'validity.change': '期限を変更',
  'validity.changeTitle': '有効期限の変更：{{name}}',
  'validity.updated': '「{{name}}」の有効期限を更新しました',
  'validity.empty': 'ホテルがまだありません',
  'validity.emptyExpiring': 'まもなく期限切れ、または期限切れのホテルはありません',
} satisfies ValidityMessages;
