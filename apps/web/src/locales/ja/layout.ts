import type { LayoutMessages } from '../types';

export default {
  'layout.toggleMenu': 'メニューの切り替え',
  'layout.language': '言語',
  'layout.userMenu': 'ユーザーメニュー',
  'layout.errorLog': 'エラーログ',
  'layout.errorLogClear': 'クリア',
  'layout.errorMessage': 'メッセージ',
  'layout.errorInfo': '詳細',
  'layout.errorUrl': 'URL',
  'layout.errorStack': 'スタック',
  'layout.errorTime': '時刻',
  'layout.filingNumber': '登録番号',
} satisfies LayoutMessages;
