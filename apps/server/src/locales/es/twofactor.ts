import type { TwoFactorMessages } from '../types.js';

export default {
  'twofactor.wrongCode': 'Código de verificación incorrecto; inténtelo de nuevo',
  'twofactor.codeUsed': 'Este código ya se usó; espere al siguiente',
  'twofactor.recoveryCodeUsed': 'Este código de recuperación ya se usó; use otro',
  'twofactor.wrongPassword': 'Contraseña incorrecta; inténtelo de nuevo',
  'twofactor.proofRequired': 'Introduzca un código de verificación o su contraseña',
  'twofactor.challengeExpired':
    'Este paso del inicio de sesión ha caducado; introduzca de nuevo su usuario y contraseña',
  'twofactor.wrongStep': 'Este paso del inicio de sesión no corresponde; inicie sesión de nuevo',
  'twofactor.alreadyOn': 'La verificación en dos pasos ya está activada',
  'twofactor.notOn': 'La verificación en dos pasos no está activada',
  'twofactor.noSetup': 'La clave ha caducado o no se ha obtenido; empiece la configuración de nuevo',
  'twofactor.requiredByHotel':
    'Su hotel exige la verificación en dos pasos y no se puede desactivar; si perdió el teléfono, pida a un administrador que la restablezca',
  'twofactor.userNotFound': 'Usuario no encontrado',
  'twofactor.resetNotOn': 'Este usuario no tiene activada la verificación en dos pasos: no hay nada que restablecer',
} satisfies TwoFactorMessages;
