export default {
  'twofactor.wrongCode': '验证码错误,请重新输入',
  'twofactor.wrongPassword': '密码错误,请重新输入',
  'twofactor.proofRequired': '请输入验证码或密码(二选一)',
  'twofactor.challengeExpired': '登录验证已过期,请重新输入用户名和密码',
  'twofactor.wrongStep': '此登录步骤不适用,请重新登录',
  'twofactor.alreadyOn': '两步验证已开启',
  'twofactor.notOn': '两步验证未开启',
  'twofactor.noSetup': '密钥已过期或尚未获取,请重新开始设置',
  'twofactor.requiredByHotel': '所在酒店要求两步验证,不能关闭;如手机丢失请联系管理员重置',
  'twofactor.userNotFound': '用户不存在',
  'twofactor.resetNotOn': '该用户未开启两步验证,无需重置',
};
