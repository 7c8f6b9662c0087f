import type { UsersMessages } from '../types.js';

export default {
  'users.nameTaken': 'このユーザー名は既に使われています。',
} satisfies UsersMessages;
