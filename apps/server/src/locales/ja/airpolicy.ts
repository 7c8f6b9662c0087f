import type { AirPolicyMessages } from '../types.js';

export default {
  'airpolicy.badDate': '{field}：{value} は一年の日付ではありません',
  'airpolicy.seasonsOverlap': '冷房期と暖房期の日付が重なっています',
  'airpolicy.setpointOrder': '{season}・{rent}：温度は 最低 ≤ 既定 ≤ 最高 にしてください',
  'airpolicy.clamped.set':
    '{device}：設定温度 {asked} °C は省エネポリシーの範囲外です（{min}–{max} °C）。{applied} °C を送りました',
  'airpolicy.clamped.mode': '{device}：省エネポリシーは {asked} モードを許可していません。{applied} を送りました',
  'airpolicy.clamped.fan': '{device}：省エネポリシーは風量 {asked} を許可していません。{applied} を送りました',
  'airpolicy.mode.cool': '冷房',
  'airpolicy.mode.heat': '暖房',
  'airpolicy.mode.fan': '送風',
  'airpolicy.mode.dry': '除湿',
  'airpolicy.mode.auto': '自動',
  'airpolicy.fan.auto': '自動',
  'airpolicy.fan.low': '弱',
  'airpolicy.fan.mid': '中',
  'airpolicy.fan.high': '強',
} satisfies AirPolicyMessages;
