import type { BuildingsMessages } from '../types.js';

export default {
  'buildings.notFound': 'The building does not exist.',
  'buildings.nameTaken': 'A building with this name already exists.',
  'buildings.inUse': 'This building still has rooms; it cannot be deleted.',
  'buildings.floorsInUse': 'Rooms lie on floors outside the new range; move or delete them first.',
  'buildings.defaultName': 'Main building',
  'buildings.floorRange': 'The lowest floor ({from}) must not be above the highest floor ({to}).',
} satisfies BuildingsMessages;
