import type { UsersMessages } from '../types.js';

export default {
  'users.nameTaken': 'Este nombre de usuario ya existe.',
} satisfies UsersMessages;
