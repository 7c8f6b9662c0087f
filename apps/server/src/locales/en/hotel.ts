import type { HotelMessages } from '../types.js';

export default {
  'hotel.required': 'Choose a hotel.',
  'hotel.notFound': 'The hotel does not exist.',
} satisfies HotelMessages;
