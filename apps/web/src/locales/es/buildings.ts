import type { BuildingsMessages } from '../types';

export default {
  'buildings.add': 'Añadir edificio',
  'buildings.addTitle': 'Añadir edificio',
  'buildings.editTitle': 'Editar edificio',
  'buildings.added': 'Edificio «{{name}}» creado',
  'buildings.name': 'Edificio',
  'buildings.nameRequired': 'Introduzca el nombre del edificio',
  'buildings.floors': 'Plantas',
  'buildings.floorRange': 'Plantas {{from}} a {{to}}',
  'buildings.floorFrom': 'Planta más baja',
  'buildings.floorTo': 'Planta más alta',
  'buildings.floorRequired': 'Introduzca una planta',
  'buildings.floorOrder': 'La planta más alta no puede estar por debajo de la más baja',
  'buildings.roomCount': 'Habitaciones',
  'buildings.remark': 'Observaciones',
  'buildings.hint': 'Cada habitación pertenece a un edificio; su planta debe estar dentro de las plantas del edificio.',
  'buildings.empty': 'Todavía no hay edificios: añada uno y después sus habitaciones',
  'buildings.deleteTitle': 'Eliminar edificio',
  'buildings.deleteConfirm':
    '¿Eliminar el edificio «{{name}}»? Un edificio que todavía tiene habitaciones no se puede eliminar.',
  'buildings.deleted': 'Edificio «{{name}}» eliminado',
} satisfies BuildingsMessages;
