import type { DepartmentsMessages } from '../types.js';

export default {
  'departments.notFound': 'この部門は存在しません。',
  'departments.nameRequired': '部門名を入力してください。',
  'departments.nameTaken': '同じ上位部門の下に同名の部門があります。',
  'departments.tooDeep': '部門は最大 {max} 階層までです。',
  'departments.tooMany': '1 つのホテルの部門は最大 {max} 個です。',
  'departments.intoItself': '部門を自分自身やその下位部門の下へは移動できません。',
  'departments.hasChildren': 'この部門には下位部門があるため削除できません。',
  'departments.hasUsers': 'この部門にはユーザーがいるため削除できません。',
} satisfies DepartmentsMessages;
