import type { LayoutMessages } from '../types';

export default {
  'layout.toggleMenu': 'Toggle menu',
  'layout.language': 'Language',
  'layout.userMenu': 'User menu',
  'layout.errorLog': 'Error log',
  'layout.errorLogClear': 'Clear',
  'layout.errorMessage': 'Message',
  'layout.errorInfo': 'Info',
  'layout.errorUrl': 'URL',
  'layout.errorStack': 'Stack',
  'layout.errorTime': 'Time',
  'layout.filingNumber': 'Filing number',
} satisfies LayoutMessages;
