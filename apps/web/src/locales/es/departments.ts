import type { DepartmentsMessages } from '../types';

export default {
  'departments.add': 'Añadir departamento',
  'departments.addTitle': 'Añadir departamento',
  'departments.addChild': 'Añadir debajo',
  'departments.addChildTitle': 'Añadir un departamento bajo «{{name}}»',
  'departments.editTitle': 'Editar departamento',
  'departments.name': 'Nombre del departamento',
  'departments.nameRequired': 'Introduzca el nombre del departamento',
  'departments.parent': 'Departamento superior',
  'departments.top': 'Ninguno (nivel superior)',
  'departments.sort': 'Orden',
  'departments.sortHelp': 'Los números menores van primero',
  'departments.users': '{{total}} usuarios',
  'departments.usersHint': '{{own}} en este departamento, {{total}} con los inferiores',
  'departments.added': 'Departamento «{{name}}» añadido',
  'departments.deleteTitle': 'Eliminar departamento',
  'departments.deleteConfirm': '¿Eliminar el departamento «{{name}}»?',
  'departments.deletedOne': 'Departamento «{{name}}» eliminado',
  'departments.empty': 'Aún no hay departamentos; una vez añadidos, se asignan a los usuarios',
  'departments.hint': 'Un departamento con usuarios o subdepartamentos no se puede eliminar.',
  'departments.actionsOf': 'Acciones de «{{name}}»',
} satisfies DepartmentsMessages;
