import type { GuestServiceMessages } from '../types.js';

export default {
  'guestservice.goodsNotFound': '商品が存在しません。',
  'guestservice.goodsNameTaken': 'この名前の商品はすでに存在します。',
  'guestservice.goodsFull': '1 つのホテルに登録できる商品は最大 {max} 件です。',
  'guestservice.questionNotFound': '質問が存在しません。',
  'guestservice.questionTaken': 'この質問はすでに存在します。',
  'guestservice.questionsFull': '1 つのホテルに登録できる質問は最大 {max} 件です。',
  'guestservice.badCredentials': 'RCU ID またはデバイスキーが正しくありません。',
  'guestservice.tooManyRequests': 'リクエストが多すぎます。{seconds} 秒後にもう一度お試しください。',
} satisfies GuestServiceMessages;
