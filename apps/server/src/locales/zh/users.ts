export default {
  'users.nameTaken': '用户名已存在',
};
