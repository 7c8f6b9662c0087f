export default {
  'departments.notFound': '部门不存在',
  'departments.nameRequired': '请填写部门名称',
  'departments.nameTaken': '同一上级部门下已有同名部门',
  'departments.tooDeep': '部门最多 {max} 级',
  'departments.tooMany': '每个酒店最多 {max} 个部门',
  'departments.intoItself': '不能把部门移到它自己或它的下级部门之下',
  'departments.hasChildren': '该部门下还有子部门,不能删除',
  'departments.hasUsers': '该部门下还有用户,不能删除',
};
