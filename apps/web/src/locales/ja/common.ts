import type { CommonMessages } from '../types';

export default {
  'common.ok': 'OK',
  'common.cancel': 'キャンセル',
  'common.loading': '読み込み中…',
  'common.backHome': 'ホームに戻る',
  'common.goBack': '戻る',
  'common.reload': '再読み込み',
  'common.empty': 'データがありません',
  'common.languageSwitched': '言語を切り替えました。ページを更新してください',
  'common.notBuilt': 'この画面はまだ作成されていません。',
  'common.notFound': '申し訳ありません。お探しのページは存在しません。',
  'common.unauthorized': '申し訳ありません。このページを表示する権限がありません。',
  'common.crashed': 'このページでエラーが発生しました。エラーはエラーログに記録されています。',
} satisfies CommonMessages;
