export default {
  'roles.notFound': '角色不存在',
  'roles.nameTaken': '角色名称已存在',
  'roles.inUse': '该角色仍有用户在使用,不能删除',
};
