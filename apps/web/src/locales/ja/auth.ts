import type { AuthMessages } from '../types';

export default {
  'auth.subtitle': '客室制御管理コンソール',
  'auth.userName': 'ユーザー名',
  'auth.password': 'パスワード',
  'auth.userNameRequired': 'ユーザー名を入力してください',
  'auth.passwordRequired': 'パスワードを入力してください',
  'auth.login': 'ログイン',
  'auth.changePassword': 'パスワード変更',
  'auth.logout': 'ログアウト',
  'auth.oldPassword': '現在のパスワード',
  'auth.newPassword': '新しいパスワード',
  'auth.confirmPassword': 'パスワードの確認',
  'auth.newPasswordRequired': 'パスワードを入力してください',
  'auth.confirmPasswordRequired': 'パスワードをもう一度入力してください',
  'auth.passwordMismatch': '2つのパスワードが一致しません！',
  'auth.passwordUpdated': 'パスワードを更新しました',
  'auth.userInfoFailed': 'ユーザー情報の取得に失敗しました。もう一度お試しください',
  'auth.logoutTitle': 'ログアウトの確認',
  'auth.logoutContent': 'ログアウトされました。キャンセルしてこのページに留まるか、再度ログインしてください',
  'auth.loginAgain': '再ログイン',
} satisfies AuthMessages;
