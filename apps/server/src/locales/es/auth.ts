import type { AuthMessages } from '../types.js';

export default {
  'auth.wrongPassword': 'Usuario o contraseña incorrectos, inténtelo de nuevo.',
  'auth.userDisabled': 'Esta cuenta está desactivada; contacte con su administrador.',
  'auth.tooManyFailures': 'Demasiados intentos fallidos; inténtelo de nuevo en {seconds} s.',
  'auth.hotelExpired':
    'El período de validez de su hotel terminó el {validdate:date}; pida al administrador de la plataforma que lo amplíe.',
  'auth.unauthenticated': 'No ha iniciado sesión o su sesión ha caducado; vuelva a iniciar sesión.',
  'auth.sessionEnded.logout': 'Esta sesión se cerró; vuelva a iniciar sesión.',
  'auth.sessionEnded.password': 'La contraseña ha cambiado; vuelva a iniciar sesión.',
  'auth.sessionEnded.disabled': 'Esta cuenta fue desactivada; la sesión ha terminado.',
  'auth.oldPasswordWrong': 'La contraseña anterior es incorrecta.',
  'auth.passwordMismatch': '¡Las dos contraseñas no coinciden!',
  'auth.passwordUnchanged': 'La nueva contraseña debe ser distinta de la anterior.',
} satisfies AuthMessages;
