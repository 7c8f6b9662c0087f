import type { RolesMessages } from '../types.js';

export default {
  'roles.notFound': 'The role does not exist.',
  'roles.nameTaken': 'A role with this name already exists.',
  'roles.inUse': 'Users still hold this role; it cannot be deleted.',
  'roles.ownUserManagement':
    'After this change you would no longer hold user management: you cannot remove your own last user management permission.',
  'roles.tooMany': 'A hotel can have at most {max} roles.',
  'roles.nameRequired': 'Enter the role name.',
} satisfies RolesMessages;
