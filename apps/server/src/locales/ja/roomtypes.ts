import type { RoomTypesMessages } from '../types.js';

export default {
  'roomtypes.notFound': '客室タイプが存在しません。',
  'roomtypes.nameTaken': '同じ名前の客室タイプが既に存在します。',
  'roomtypes.inUse': 'この客室タイプを使っている客室があるため削除できません。',
  'roomtypes.devicePrefix': 'devices[{index}].key: 種類 {kind} の {key} は {prefix} で始まる必要があります。',
  'roomtypes.deviceDuplicate': 'devices[{index}].key: {key} が重複しています。',
  'roomtypes.setpointOrder': 'devices[{index}].defaults: {key} は set_min ≤ set ≤ set_max である必要があります。',
  'roomtypes.setpointKind': 'devices[{index}].defaults: 設定温度の既定値はエアコンと床暖房のみ指定できます({key})。',
} satisfies RoomTypesMessages;
