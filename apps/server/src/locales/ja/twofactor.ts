import type { TwoFactorMessages } from '../types.js';

export default {
  'twofactor.wrongCode': '確認コードが正しくありません。もう一度入力してください',
  'twofactor.codeUsed': 'このコードは使用済みです。次のコードを待ってください',
  'twofactor.recoveryCodeUsed': 'このリカバリーコードは使用済みです。別のコードを使ってください',
  'twofactor.wrongPassword': 'パスワードが正しくありません。もう一度入力してください',
  'twofactor.proofRequired': '確認コードかパスワードのどちらかを入力してください',
  'twofactor.challengeExpired': 'ログインの確認が期限切れです。ユーザー名とパスワードからやり直してください',
  'twofactor.wrongStep': 'このログイン手順は使えません。もう一度ログインしてください',
  'twofactor.alreadyOn': '2 段階認証はすでにオンです',
  'twofactor.notOn': '2 段階認証はオンになっていません',
  'twofactor.noSetup': 'キーの期限が切れたか、まだ取得されていません。設定をやり直してください',
  'twofactor.requiredByHotel':
    'ホテルが 2 段階認証を必須にしているため、オフにできません。携帯電話を紛失した場合は管理者にリセットを依頼してください',
  'twofactor.userNotFound': 'ユーザーが見つかりません',
  'twofactor.resetNotOn': 'このユーザーは 2 段階認証をオンにしていません。リセットは不要です',
} satisfies TwoFactorMessages;
