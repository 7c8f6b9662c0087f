import type { HotelMessages } from '../types.js';

export default {
  'hotel.required': 'Elija un hotel.',
  'hotel.notFound': 'El hotel no existe.',
} satisfies HotelMessages;
