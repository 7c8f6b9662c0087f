import type { HotelsMessages } from '../types.js';

export default {
  'hotels.nameTaken': 'A hotel with this name already exists.',
  'hotels.hasRooms':
    'This hotel still has rooms; it cannot be deleted unless you confirm a forced delete, which also deletes its rooms, room types, buildings, users and roles.',
} satisfies HotelsMessages;
