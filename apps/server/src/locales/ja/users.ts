import type { UsersMessages } from '../types.js';

export default {
  'users.nameTaken': 'このユーザー名は既に使われています。',
  'users.notFound': 'このユーザーは存在しません。',
  'users.deptNotFound': 'この部門は存在しません。',
  'users.roleNotFound': 'このロールは存在しません。',
  'users.roleBeyondOwn': 'ロール「{role}」は付与できません。ご自身が持たない権限を含んでいます。',
  'users.selfDelete': '自分のアカウントは削除できません。',
  'users.selfDisable': '自分のアカウントは無効にできません。',
  'users.selfLastUserPerm': '自分のユーザー管理権限は外せません。',
  'users.selfPassword': '自分のパスワードはユーザーメニューの「パスワード変更」で変更してください。',
} satisfies UsersMessages;
