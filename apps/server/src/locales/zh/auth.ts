export default {
  'auth.wrongPassword': '密码错误,请重新输入!',
  'auth.userDisabled': '该账号已停用,请联系管理员',
  'auth.tooManyFailures': '登录失败次数过多,请 {seconds} 秒后再试',
  'auth.hotelExpired': '酒店有效期已过({validdate:date}),请联系平台管理员续期',
  'auth.unauthenticated': '登录已失效,请重新登录',
  'auth.sessionEnded.logout': '您已退出登录,请重新登录',
  'auth.sessionEnded.password': '密码已修改,请重新登录',
  'auth.sessionEnded.disabled': '该账号已停用,会话已结束',
  'auth.oldPasswordWrong': '原密码错误',
  'auth.passwordMismatch': '两次输入密码不一致!',
  'auth.passwordUnchanged': '新密码不能与原密码相同',
};
