import type { HotelMessages } from '../types.js';

export default {
  'hotel.required': 'ホテルを指定してください。',
  'hotel.notFound': 'ホテルが存在しません。',
} satisfies HotelMessages;
