import type { ErrorMessages } from '../types';

export default {
  'errors.4400': '入力が正しくありません',
  'errors.4401': 'セッションの有効期限が切れました。再度ログインしてください',
  'errors.4433': 'セッションは別の場所で終了しました。再度ログインしてください',
  'errors.4403': '権限がありません',
  'errors.4404': '見つかりません',
  'errors.4409': '既存のデータと競合しています。確認してもう一度お試しください',
  'errors.4410': 'ホテルの有効期限が切れています',
  'errors.4413': 'サイズが大きすぎます',
  'errors.4429': 'リクエストが多すぎます。しばらくしてからお試しください',
  'errors.5000': 'サーバー内部エラー',
  'errors.network': 'ネットワークエラーです。接続を確認してください',
  'errors.timeout': 'リクエストがタイムアウトしました。しばらくしてからお試しください',
  'errors.http': 'リクエストに失敗しました（{{status}}）',
} satisfies ErrorMessages;
