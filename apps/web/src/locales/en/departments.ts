import type { DepartmentsMessages } from '../types';

export default {
  'departments.add': 'Add department',
  'departments.addTitle': 'Add department',
  'departments.addChild': 'Add below',
  'departments.addChildTitle': 'Add a department below "{{name}}"',
  'departments.editTitle': 'Edit department',
  'departments.name': 'Department name',
  'departments.nameRequired': 'Please enter the department name',
  'departments.parent': 'Parent department',
  'departments.top': 'None (top level)',
  'departments.sort': 'Order',
  'departments.sortHelp': 'Smaller numbers come first',
  'departments.users': '{{total}} users',
  'departments.usersHint': '{{own}} in this department, {{total}} with those below it',
  'departments.added': 'Department "{{name}}" added',
  'departments.deleteTitle': 'Delete department',
  'departments.deleteConfirm': 'Delete department "{{name}}"?',
  'departments.deletedOne': 'Department "{{name}}" deleted',
  'departments.empty': 'No departments yet; once added, users can be placed in them',
  'departments.hint': 'A department with users or departments below it cannot be deleted.',
  'departments.actionsOf': 'Actions of "{{name}}"',
} satisfies DepartmentsMessages;
