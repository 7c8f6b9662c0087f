import type { BuildingsMessages } from '../types';

export default {
  'buildings.add': 'Add building',
  'buildings.addTitle': 'Add building',
  'buildings.editTitle': 'Edit building',
  'buildings.added': 'Building “{{name}}” created',
  'buildings.name': 'Building',
  'buildings.nameRequired': 'Enter the building name',
  'buildings.floors': 'Floors',
  'buildings.floorRange': 'Floors {{from}} to {{to}}',
  'buildings.floorFrom': 'Lowest floor',
  'buildings.floorTo': 'Highest floor',
  'buildings.floorRequired': 'Enter a floor',
  'buildings.floorOrder': 'The highest floor cannot be below the lowest',
  'buildings.roomCount': 'Rooms',
  'buildings.remark': 'Remark',
  'buildings.hint': "Every room belongs to a building; its floor must be within the building's floors.",
  'buildings.empty': 'No buildings yet: add one, then add its rooms',
  'buildings.deleteTitle': 'Delete building',
  'buildings.deleteConfirm': 'Delete the building “{{name}}”? A building that still has rooms cannot be deleted.',
  'buildings.deleted': 'Building “{{name}}” deleted',
} satisfies BuildingsMessages;
