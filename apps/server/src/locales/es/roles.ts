import type { RolesMessages } from '../types.js';

export default {
  'roles.notFound': 'El rol no existe.',
  'roles.nameTaken': 'Ya existe un rol con este nombre.',
  'roles.inUse': 'Hay usuarios con este rol; no se puede eliminar.',
} satisfies RolesMessages;
