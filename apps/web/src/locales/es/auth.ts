import type { AuthMessages } from '../types';

export default {
  'auth.subtitle': 'Consola de control de habitaciones',
  'auth.userName': 'Nombre de usuario',
  'auth.password': 'Contraseña',
  'auth.userNameRequired': 'Introduzca el nombre de usuario',
  'auth.passwordRequired': 'Introduzca la contraseña',
  'auth.login': 'Iniciar sesión',
  'auth.changePassword': 'Cambiar contraseña',
  'auth.logout': 'Cerrar sesión',
  'auth.oldPassword': 'Contraseña actual',
  'auth.newPassword': 'Nueva contraseña',
  'auth.confirmPassword': 'Confirmar contraseña',
  'auth.newPasswordRequired': 'Introduzca la contraseña',
  'auth.confirmPasswordRequired': 'Vuelva a introducir la contraseña',
  'auth.passwordMismatch': '¡Las dos contraseñas no coinciden!',
  'auth.passwordUpdated': 'Contraseña actualizada',
  'auth.userInfoFailed': 'No se pudo obtener la información del usuario, inténtelo de nuevo',
  'auth.logoutTitle': 'Confirmar cierre de sesión',
  'auth.logoutContent':
    'Se ha cerrado su sesión; puede cancelar para permanecer en esta página o volver a iniciar sesión',
  'auth.loginAgain': 'Volver a iniciar sesión',
} satisfies AuthMessages;
