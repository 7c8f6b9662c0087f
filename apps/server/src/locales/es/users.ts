import type { UsersMessages } from '../types.js';

export default {
  'users.nameTaken': 'Este nombre de usuario ya existe.',
  'users.notFound': 'Este usuario no existe.',
  'users.deptNotFound': 'Este departamento no existe.',
  'users.roleNotFound': 'Este rol no existe.',
  'users.roleBeyondOwn': 'No puede otorgar el rol «{role}»: contiene permisos que usted no tiene.',
  'users.selfDelete': 'No puede eliminar su propia cuenta.',
  'users.selfDisable': 'No puede desactivar su propia cuenta.',
  'users.selfLastUserPerm': 'No puede quitarse su propio permiso de gestión de usuarios.',
  'users.selfPassword': 'Para cambiar su propia contraseña, use «Cambiar contraseña» en el menú de usuario.',
} satisfies UsersMessages;
