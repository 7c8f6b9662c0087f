import type { BuildingsMessages } from '../types';

export default {
  'buildings.add': '棟を追加',
  'buildings.addTitle': '棟を追加',
  'buildings.editTitle': '棟を編集',
  'buildings.added': '棟「{{name}}」を作成しました',
  'buildings.name': '棟',
  'buildings.nameRequired': '棟の名前を入力してください',
  'buildings.floors': '階の範囲',
  'buildings.floorRange': '{{from}} 階〜{{to}} 階',
  'buildings.floorFrom': '最低階',
  'buildings.floorTo': '最高階',
  'buildings.floorRequired': '階を入力してください',
  'buildings.floorOrder': '最高階は最低階より低くできません',
  'buildings.roomCount': '客室数',
  'buildings.remark': '備考',
  'buildings.hint': 'すべての客室はいずれかの棟に属し、客室の階は棟の階の範囲内である必要があります。',
  'buildings.empty': '棟がまだありません。棟を追加してから客室を追加してください',
  'buildings.deleteTitle': '棟を削除',
  'buildings.deleteConfirm': '棟「{{name}}」を削除しますか？客室がある棟は削除できません。',
  'buildings.deleted': '棟「{{name}}」を削除しました',
} satisfies BuildingsMessages;
