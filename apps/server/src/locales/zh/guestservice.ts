export default {
  'guestservice.goodsNotFound': '商品不存在',
  'guestservice.goodsNameTaken': '商品名称已存在',
  'guestservice.goodsFull': '每家酒店最多 {max} 件商品',
  'guestservice.questionNotFound': '问答不存在',
  'guestservice.questionTaken': '该问题已存在',
  'guestservice.questionsFull': '每家酒店最多 {max} 条问答',
  'guestservice.badCredentials': 'RCU ID 或设备密钥错误',
  'guestservice.tooManyRequests': '请求过于频繁,请 {seconds} 秒后再试',
};
