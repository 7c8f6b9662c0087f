import type { ModesMessages } from '../types.js';

export default {
  'modes.notFound': 'モードが存在しません。',
  'modes.nameEmpty': 'モード名を入力してください。',
  'modes.nameTaken': 'この客室タイプには同じ名前のモードがあります（組み込みモードの名前も使えません）。',
  'modes.tooMany': '客室タイプごとのモードは 32 個までです。',
  'modes.builtinName': '組み込みモードの名前は変更できません。',
  'modes.builtinDelete': '組み込みモードは削除できません。',
  'modes.unknownDevice': 'デバイス {key} は客室タイプのデバイステンプレートにありません。',
  'modes.deviceField': 'デバイス {key} には「{field}」を設定できません。',
  'modes.setpointRange': 'デバイス {key}：設定温度が客室タイプのテンプレートの範囲外です。',
  'modes.scheduleMode': 'スケジュール {n}：モードがこの客室タイプのものではありません。',
  'modes.noSuchMode': '客室 {room}：その客室タイプには {reason} という名前のモードがありません。',
} satisfies ModesMessages;
