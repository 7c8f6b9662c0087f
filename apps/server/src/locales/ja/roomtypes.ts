import type { RoomTypesMessages } from '../types.js';

export default {
  'roomtypes.notFound': '客室タイプが存在しません。',
  'roomtypes.nameTaken': '同じ名前の客室タイプが既に存在します。',
  'roomtypes.inUse': 'この客室タイプを使っている客室があるため削除できません。',
  'roomtypes.devicePrefix': '機器 {n}: キー {key} は {prefix} で始まる必要があります。',
  'roomtypes.deviceDuplicate': '機器 {n}: キー {key} が重複しています。',
  'roomtypes.setpointOrder': '機器 {n} ({key}): 設定温度は 最低 ≤ 既定 ≤ 最高 である必要があります。',
  'roomtypes.setpointKind': '機器 {n} ({key}): 設定温度の既定値はエアコンと床暖房のみ指定できます。',
} satisfies RoomTypesMessages;
