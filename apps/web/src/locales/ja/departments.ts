import type { DepartmentsMessages } from '../types';

export default {
  'departments.add': '部門を追加',
  'departments.addTitle': '部門を追加',
  'departments.addChild': '下位を追加',
  'departments.addChildTitle': '「{{name}}」の下に部門を追加',
  'departments.editTitle': '部門を編集',
  'departments.name': '部門名',
  'departments.nameRequired': '部門名を入力してください',
  'departments.parent': '上位部門',
  'departments.top': 'なし（最上位）',
  'departments.sort': '並び順',
  'departments.sortHelp': '小さい数字ほど前に並びます',
  'departments.users': '{{total}} 人',
  'departments.usersHint': 'この部門 {{own}} 人、下位を含め {{total}} 人',
  'departments.added': '部門「{{name}}」を追加しました',
  'departments.deleteTitle': '部門を削除',
  'departments.deleteConfirm': '部門「{{name}}」を削除しますか？',
  'departments.deletedOne': '部門「{{name}}」を削除しました',
  'departments.empty': '部門はまだありません。追加するとユーザーに部門を設定できます',
  'departments.hint': 'ユーザーや下位部門がある部門は削除できません。',
  'departments.actionsOf': '「{{name}}」の操作',
} satisfies DepartmentsMessages;
