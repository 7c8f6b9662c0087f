export default {
  'roles.notFound': '角色不存在',
  'roles.nameTaken': '角色名称已存在',
  'roles.inUse': '该角色仍有用户在使用,不能删除',
  'roles.ownUserManagement': '修改后你将不再拥有用户管理权限：不能移除自己最后的用户管理权限',
  'roles.tooMany': '一个酒店最多 {max} 个角色',
  'roles.nameRequired': '请填写角色名称',
};
