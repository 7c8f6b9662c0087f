import type { HotelMessages } from '../types.js';

export default {
  'hotel.required': 'ホテル (hotel_id) を指定してください。',
  'hotel.notFound': 'ホテルが存在しません。',
} satisfies HotelMessages;
