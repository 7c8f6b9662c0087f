import type { ImportMessages } from '../types.js';

export default {
  'import.required': '必須です',
  'import.badRoomNum': '1〜16 文字の英数字または - である必要があります',
  'import.roomNumTaken': '部屋番号 {value} は既に存在します',
  'import.repeated': '{other} 行目と重複しています',
  'import.unknownBuilding': '建物 {value} は存在しません',
  'import.badFloor': '{min} から {max} の整数である必要があります',
  'import.floorOutOfRange': '建物 {building} の階の範囲 {from}..{to} の外です',
  'import.unknownRoomType': '客室タイプ {value} は存在しません',
  'import.badRcuId': '1〜32 文字の英数字である必要があります',
  'import.rcuTaken': 'RCU ID {value} は既に使われています',
  'import.badMac': '16 進数 12 桁である必要があります',
  'import.tooLong': '{max} 文字以内である必要があります',
  'import.exampleRow': '例の行: 置き換えるか削除してください',
  'import.badDate': 'YYYY-MM-DD 形式の日付である必要があります',
} satisfies ImportMessages;
