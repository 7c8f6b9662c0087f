import type { HotelMessages } from '../types.js';

export default {
  'hotel.required': 'Elija un hotel (hotel_id).',
  'hotel.notFound': 'El hotel no existe.',
} satisfies HotelMessages;
