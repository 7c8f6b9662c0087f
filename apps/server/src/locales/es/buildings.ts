import type { BuildingsMessages } from '../types.js';

export default {
  'buildings.notFound': 'El edificio no existe.',
  'buildings.nameTaken': 'Ya existe un edificio con este nombre.',
  'buildings.inUse': 'Este edificio aún tiene habitaciones; no se puede eliminar.',
  'buildings.floorsInUse': 'Hay habitaciones en plantas fuera del nuevo rango; muévalas o elimínelas primero.',
  'buildings.defaultName': 'Edificio principal',
  'buildings.floorRange': 'La planta más baja ({from}) no puede ser mayor que la más alta ({to}).',
} satisfies BuildingsMessages;
