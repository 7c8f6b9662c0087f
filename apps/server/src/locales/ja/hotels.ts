import type { HotelsMessages } from '../types.js';

export default {
  'hotels.nameTaken': '同じ名前のホテルが既に存在します。',
  'hotels.hasRooms':
    'このホテルにはまだ客室があるため削除できません。強制削除を確認すると、客室・客室タイプ・建物・ユーザー・ロールもすべて削除されます。',
} satisfies HotelsMessages;
