import type { AuthMessages } from '../types.js';

export default {
  'auth.wrongPassword': 'ユーザー名またはパスワードが違います。もう一度入力してください。',
  'auth.userDisabled': 'このアカウントは無効です。管理者に連絡してください。',
  'auth.tooManyFailures': 'ログインの失敗が多すぎます。{seconds} 秒後にもう一度お試しください。',
  'auth.hotelExpired':
    'ホテルの有効期限({validdate:date})が切れています。プラットフォーム管理者に延長を依頼してください。',
  'auth.unauthenticated': 'ログインしていないか、セッションの有効期限が切れました。もう一度ログインしてください。',
  'auth.sessionEnded.logout': 'このセッションはログアウトされました。もう一度ログインしてください。',
  'auth.sessionEnded.password': 'パスワードが変更されました。もう一度ログインしてください。',
  'auth.sessionEnded.disabled': 'このアカウントは無効化され、セッションは終了しました。',
  'auth.oldPasswordWrong': '現在のパスワードが違います。',
  'auth.passwordMismatch': '2 つのパスワードが一致しません!',
  'auth.passwordUnchanged': '新しいパスワードは現在のものと異なる必要があります。',
} satisfies AuthMessages;
