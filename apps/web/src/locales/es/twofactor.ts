import type { TwoFactorMessages } from '../types';

export default {
  'twofactor.title': 'Verificación en dos pasos',
  'twofactor.statusOn': 'Activada',
  'twofactor.statusOff': 'Desactivada',
  'twofactor.intro':
    'Con ella activada, al iniciar sesión se pide, además de la contraseña, un código de 6 dígitos de una aplicación de autenticación del teléfono (como Google Authenticator o Microsoft Authenticator).',
  'twofactor.requiredNote':
    'Su hotel exige la verificación en dos pasos y no se puede desactivar. Si pierde el teléfono, pida a un administrador que la restablezca.',
  'twofactor.requiredOffNote':
    'Su hotel exige la verificación en dos pasos: actívela ahora o se le pedirá configurarla en su próximo inicio de sesión.',
  'twofactor.enabledAt': 'Activada desde',
  'twofactor.recoveryLeft': 'Códigos de recuperación restantes',
  'twofactor.recoveryLow': 'Le quedan pocos códigos de recuperación: genere otros nuevos.',
  'twofactor.turnOn': 'Activar verificación en dos pasos',
  'twofactor.turnOff': 'Desactivar verificación en dos pasos',
  'twofactor.turnOffConfirm':
    '¿Desactivar la verificación en dos pasos? Para iniciar sesión solo hará falta la contraseña.',
  'twofactor.turnedOn': 'Verificación en dos pasos activada',
  'twofactor.turnedOff': 'Verificación en dos pasos desactivada',
  'twofactor.regenerate': 'Nuevos códigos de recuperación',
  'twofactor.regenerateHelp': 'Los nuevos códigos sustituyen a todos los códigos de recuperación actuales.',
  'twofactor.proofHelp':
    'Introduzca el código actual de su aplicación de autenticación (o un código de recuperación), o su contraseña.',
  'twofactor.proofCode': 'Código o código de recuperación',
  'twofactor.proofPassword': 'Contraseña',
  'twofactor.proofCodeRequired': 'Introduzca el código',
  'twofactor.passwordRequired': 'Introduzca su contraseña',
  'twofactor.scanStep': '1. Escanee el código QR con una aplicación de autenticación',
  'twofactor.qrLabel': 'Código QR para su aplicación de autenticación',
  'twofactor.secretStep': '¿No puede escanearlo? Escriba esta clave en la aplicación:',
  'twofactor.accountLabel': 'Cuenta',
  'twofactor.secretLabel': 'Clave',
  'twofactor.codeStep': '2. Introduzca el código de 6 dígitos que muestra la aplicación',
  'twofactor.code': 'Código de 6 dígitos',
  'twofactor.codeRequired': 'Introduzca el código de 6 dígitos',
  'twofactor.confirm': 'Activar',
  'twofactor.recoveryTitle': 'Guarde sus códigos de recuperación',
  'twofactor.recoveryHelp':
    'Si pierde el teléfono, inicie sesión con uno de estos códigos en lugar de un código de la aplicación; cada uno sirve una vez. Solo se muestran ahora: cópielos o descárguelos y guárdelos en un lugar seguro.',
  'twofactor.copy': 'Copiar',
  'twofactor.copied': 'Códigos de recuperación copiados',
  'twofactor.copyFailed': 'No se pudo copiar: descárguelos o anótelos',
  'twofactor.download': 'Descargar',
  'twofactor.fileHeader': 'Códigos de recuperación de RoomPilot ({{user}}); cada uno sirve una vez',
  'twofactor.saved': 'Ya he guardado mis códigos',
  'twofactor.enrolTitle': 'Configurar la verificación en dos pasos',
  'twofactor.enrolIntro':
    'Su hotel exige la verificación en dos pasos. Configúrela con una aplicación de autenticación del teléfono para entrar en la consola.',
  'twofactor.enrolLoading': 'Generando su clave…',
  'twofactor.enter': 'Entrar en la consola',
} satisfies TwoFactorMessages;
