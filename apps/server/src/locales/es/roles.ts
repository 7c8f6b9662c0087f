import type { RolesMessages } from '../types.js';

export default {
  'roles.notFound': 'El rol no existe.',
  'roles.nameTaken': 'Ya existe un rol con este nombre.',
  'roles.inUse': 'Hay usuarios con este rol; no se puede eliminar.',
  'roles.ownUserManagement':
    'Con este cambio perdería la gestión de usuarios: no puede quitarse su último permiso de gestión de usuarios.',
  'roles.tooMany': 'Un hotel puede tener como máximo {max} roles.',
  'roles.nameRequired': 'Escriba el nombre del rol.',
} satisfies RolesMessages;
