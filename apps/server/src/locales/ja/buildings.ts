import type { BuildingsMessages } from '../types.js';

export default {
  'buildings.notFound': '建物が存在しません。',
  'buildings.nameTaken': '同じ名前の建物が既に存在します。',
  'buildings.inUse': 'この建物にはまだ客室があるため削除できません。',
  'buildings.floorsInUse': '新しい階の範囲外に客室があります。先に移動または削除してください。',
  'buildings.defaultName': '本館',
  'buildings.floorRange': '最低階 {from} は最高階 {to} 以下である必要があります。',
} satisfies BuildingsMessages;
