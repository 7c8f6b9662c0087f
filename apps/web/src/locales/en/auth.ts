import type { AuthMessages } from '../types';

export default {
  'auth.subtitle': 'Guest-room control console',
  'auth.userName': 'User name',
  'auth.password': 'Password',
  'auth.userNameRequired': 'Please enter the user name',
  'auth.passwordRequired': 'Please enter the password',
  'auth.login': 'Log in',
  'auth.changePassword': 'Change password',
  'auth.logout': 'Log out',
  'auth.oldPassword': 'Old password',
  'auth.newPassword': 'New password',
  'auth.confirmPassword': 'Confirm password',
  'auth.newPasswordRequired': 'Please enter the password',
  'auth.confirmPasswordRequired': 'Please enter the password again',
  'auth.passwordMismatch': 'The two passwords do not match!',
  'auth.passwordUpdated': 'Password updated',
  'auth.userInfoFailed': 'Failed to get user info, please try again',
  'auth.logoutTitle': 'Confirm logout',
  'auth.logoutContent': 'You have been logged out; you may cancel to stay on this page or log in again',
  'auth.loginAgain': 'Log in again',
} satisfies AuthMessages;
