import type { PowerMessages } from '../types.js';

export default {
  'power.period': '開始時刻は終了時刻より前にしてください。',
  'power.tooManyPoints': 'この間隔には期間が長すぎます：最大 {max} 点です。',
  'power.savingTooLong': '節電量の推定は最大 {days} 日間です。',
  'power.hotel': 'ホテル全体',
  'power.floor': '{floor} 階',
  'power.deletedType': '客室タイプ {id}（削除済み）',
  'power.rent.empty': '空室',
  'power.rent.for_sale': '販売中',
  'power.rent.sold': '販売済み',
  'power.rent.checked_in': 'チェックイン中',
  'power.rent.checkout': 'チェックアウト',
  'power.rent.unknown': '未設定',
  'power.time': '時刻',
  'power.total': '合計',
} satisfies PowerMessages;
