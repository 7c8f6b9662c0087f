import type { ErrorMessages } from '../types.js';

export default {
  ok: '成功',
  'error.invalid': '入力が正しくありません: {detail}',
  'error.malformedJson': 'リクエスト本文が正しい JSON ではありません。',
  'error.tooDeep': '入力が正しくありません: {field} の入れ子が {max} 階層を超えています。',
  'error.contentType': 'コンテンツタイプ {type} はサポートされていません。application/json を送信してください。',
  'error.forbidden': 'この操作を行う権限がありません。',
  'error.visitorReadOnly': 'ビジターは閲覧のみ可能で、変更はできません。',
  'error.adminOnly': 'この操作はプラットフォーム管理者のみが行えます。',
  'error.notFound': '対象のデータが存在しません。',
  'error.routeNotFound': 'そのような API はありません: {method} {url}',
  'error.tooLarge': 'リクエストが大きすぎます(上限 {limit} バイト)。',
  'error.tooManyRequests': 'リクエストが多すぎます。しばらくしてからお試しください。',
  'error.overloaded': 'サーバーが混み合っています。{seconds} 秒後にもう一度お試しください。',
  'error.databaseUnavailable':
    '現在データベースに接続できません。何も変更されていません。しばらくしてからお試しください(リクエスト {requestId})。',
  'error.internal': 'サーバー内部エラーです。しばらくしてからお試しください(リクエスト {requestId})。',
} satisfies ErrorMessages;
