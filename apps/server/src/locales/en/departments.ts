import type { DepartmentsMessages } from '../types.js';

export default {
  'departments.notFound': 'This department does not exist.',
  'departments.nameRequired': 'Please enter the department name.',
  'departments.nameTaken': 'A department of this name already exists at this place.',
  'departments.tooDeep': 'Departments go at most {max} levels deep.',
  'departments.tooMany': 'A hotel has at most {max} departments.',
  'departments.intoItself': 'A department cannot move into itself or a department below it.',
  'departments.hasChildren': 'This department still has departments below it; it cannot be deleted.',
  'departments.hasUsers': 'This department still has users; it cannot be deleted.',
} satisfies DepartmentsMessages;
