import type { ErrorMessages } from '../types.js';

export default {
  ok: 'Correcto',
  'error.invalid': 'Datos no válidos: {detail}',
  'error.malformedJson': 'El cuerpo de la petición no es JSON válido.',
  'error.tooDeep': 'Datos no válidos: {field} tiene más de {max} niveles de anidamiento.',
  'error.contentType': 'Tipo de contenido {type} no admitido; envíe application/json.',
  'error.forbidden': 'No tiene permiso para hacer esto.',
  'error.visitorReadOnly': 'Los visitantes pueden consultar pero no modificar nada.',
  'error.adminOnly': 'Solo el Administrador de la plataforma puede hacer esto.',
  'error.notFound': 'El elemento solicitado no existe.',
  'error.routeNotFound': 'No existe la llamada: {method} {url}',
  'error.tooLarge': 'La petición es demasiado grande (límite {limit} bytes).',
  'error.tooManyRequests': 'Demasiadas peticiones; inténtelo más tarde.',
  'error.overloaded': 'El servidor está ocupado; inténtelo de nuevo en {seconds} s.',
  'error.databaseUnavailable':
    'No se puede acceder a la base de datos ahora; no se cambió nada. Inténtelo de nuevo en breve (petición {requestId}).',
  'error.internal': 'Error interno del servidor; inténtelo más tarde (petición {requestId}).',
} satisfies ErrorMessages;
