import type { HotelsMessages } from '../types.js';

export default {
  'hotels.nameTaken': 'Ya existe un hotel con este nombre.',
  'hotels.hasRooms':
    'Este hotel aún tiene habitaciones; no se puede eliminar salvo que confirme un borrado forzado, que elimina también sus habitaciones, tipos, edificios, usuarios y roles.',
} satisfies HotelsMessages;
