import type { AuthMessages } from '../types.js';

export default {
  'auth.wrongPassword': 'Wrong user name or password, please try again!',
  'auth.userDisabled': 'This account is disabled; please contact your administrator.',
  'auth.tooManyFailures': 'Too many failed logins; try again in {seconds} s.',
  'auth.hotelExpired':
    "Your hotel's validity period ended on {validdate:date}; please ask the platform administrator to extend it.",
  'auth.unauthenticated': 'You are not logged in or your session has expired; please log in again.',
  'auth.sessionEnded.logout': 'This session was logged out; please log in again.',
  'auth.sessionEnded.password': 'The password was changed; please log in again.',
  'auth.sessionEnded.disabled': 'This account was disabled; the session has ended.',
  'auth.oldPasswordWrong': 'The old password is wrong.',
  'auth.passwordMismatch': 'The two passwords do not match!',
  'auth.passwordUnchanged': 'The new password must differ from the old one.',
} satisfies AuthMessages;
