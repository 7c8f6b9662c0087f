import type { CommonMessages } from '../types';

export default {
  'common.ok': 'OK',
  'common.cancel': 'Cancel',
  'common.loading': 'Loading…',
  'common.backHome': 'Back to home',
  'common.goBack': 'Go back',
  'common.reload': 'Reload',
  'common.empty': 'No data',
  'common.languageSwitched': 'switch language success, Please refresh',
  'common.notBuilt': 'This screen is not built yet.',
  'common.notFound': 'Sorry, the page you visited does not exist.',
  'common.unauthorized': 'Sorry, you are not allowed to view this page.',
  'common.crashed': 'Something went wrong on this page; the error is in the error log.',
} satisfies CommonMessages;
