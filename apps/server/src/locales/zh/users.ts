export default {
  'users.nameTaken': '用户名已存在',
  'users.notFound': '用户不存在',
  'users.deptNotFound': '部门不存在',
  'users.roleNotFound': '角色不存在',
  'users.roleBeyondOwn': '不能授予角色“{role}”:它含有您自己没有的权限',
  'users.selfDelete': '不能删除自己的账号',
  'users.selfDisable': '不能停用自己的账号',
  'users.selfLastUserPerm': '不能去掉自己的用户管理权限',
  'users.selfPassword': '修改自己的密码请使用右上角的“修改密码”',
};
