import type { RolesMessages } from '../types.js';

export default {
  'roles.notFound': 'ロールが存在しません。',
  'roles.nameTaken': '同じ名前のロールが既に存在します。',
  'roles.inUse': 'このロールを持つユーザーがいるため削除できません。',
  'roles.ownUserManagement': 'この変更でユーザー管理権限を失います。自分の最後のユーザー管理権限は外せません。',
  'roles.tooMany': '1 つのホテルのロールは最大 {max} 個です。',
  'roles.nameRequired': 'ロール名を入力してください。',
} satisfies RolesMessages;
