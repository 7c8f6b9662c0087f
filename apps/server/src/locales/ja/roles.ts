import type { RolesMessages } from '../types.js';

export default {
  'roles.notFound': 'ロールが存在しません。',
  'roles.nameTaken': '同じ名前のロールが既に存在します。',
  'roles.inUse': 'このロールを持つユーザーがいるため削除できません。',
} satisfies RolesMessages;
