import type { RolesMessages } from '../types.js';

export default {
  'roles.notFound': 'The role does not exist.',
  'roles.nameTaken': 'A role with this name already exists.',
  'roles.inUse': 'Users still hold this role; it cannot be deleted.',
} satisfies RolesMessages;
