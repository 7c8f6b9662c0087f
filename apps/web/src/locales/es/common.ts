import type { CommonMessages } from '../types';

export default {
  'common.ok': 'Aceptar',
  'common.cancel': 'Cancelar',
  'common.loading': 'Cargando…',
  'common.backHome': 'Volver al inicio',
  'common.goBack': 'Volver',
  'common.reload': 'Recargar',
  'common.empty': 'Sin datos',
  'common.languageSwitched': 'Idioma cambiado correctamente, por favor actualice',
  'common.notBuilt': 'Esta pantalla aún no está construida.',
  'common.notFound': 'Lo sentimos, la página que visitó no existe.',
  'common.unauthorized': 'Lo sentimos, no tiene permiso para ver esta página.',
  'common.crashed': 'Algo salió mal en esta página; el error está en el registro de errores.',
} satisfies CommonMessages;
