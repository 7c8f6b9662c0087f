import type { UsersMessages } from '../types.js';

export default {
  'users.nameTaken': 'This user name is already taken.',
} satisfies UsersMessages;
