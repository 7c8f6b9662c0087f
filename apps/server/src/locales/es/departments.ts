import type { DepartmentsMessages } from '../types.js';

export default {
  'departments.notFound': 'Este departamento no existe.',
  'departments.nameRequired': 'Introduzca el nombre del departamento.',
  'departments.nameTaken': 'Ya existe un departamento con este nombre en este lugar.',
  'departments.tooDeep': 'Los departamentos tienen como máximo {max} niveles.',
  'departments.tooMany': 'Un hotel tiene como máximo {max} departamentos.',
  'departments.intoItself': 'Un departamento no puede moverse dentro de sí mismo ni de uno de sus subdepartamentos.',
  'departments.hasChildren': 'Este departamento aún tiene subdepartamentos; no se puede eliminar.',
  'departments.hasUsers': 'Este departamento aún tiene usuarios; no se puede eliminar.',
} satisfies DepartmentsMessages;
