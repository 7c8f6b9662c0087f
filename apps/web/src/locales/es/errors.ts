import type { ErrorMessages } from '../types';

export default {
  'errors.4400': 'Entrada no válida',
  'errors.4401': 'Su sesión ha caducado, vuelva a iniciar sesión',
  'errors.4433': 'Su sesión terminó en otro lugar, vuelva a iniciar sesión',
  'errors.4403': 'Permiso denegado',
  'errors.4404': 'No encontrado',
  'errors.4409': 'Conflicto con datos existentes, revise e inténtelo de nuevo',
  'errors.4410': 'El periodo de validez del hotel ha terminado',
  'errors.4408': 'El dispositivo no ejecutó la orden: desconectado, rechazada o sin respuesta en 10 s',
  'errors.4413': 'Demasiado grande',
  'errors.4429': 'Demasiadas solicitudes, inténtelo más tarde',
  'errors.5000': 'Error interno del servidor',
  'errors.network': 'Error de red, compruebe su conexión',
  'errors.timeout': 'La solicitud ha caducado, inténtelo más tarde',
  'errors.http': 'La solicitud falló ({{status}})',
} satisfies ErrorMessages;
