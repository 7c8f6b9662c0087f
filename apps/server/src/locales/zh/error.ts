export default {
  ok: '成功',
  'error.invalid': '参数错误: {detail}',
  'error.malformedJson': '请求内容不是有效的 JSON',
  'error.contentType': '不支持的内容类型 {type},请使用 application/json',
  'error.forbidden': '没有权限执行此操作',
  'error.visitorReadOnly': '访客只能查看,不能修改',
  'error.adminOnly': '只有平台管理员可以执行此操作',
  'error.notFound': '要操作的数据不存在',
  'error.routeNotFound': '接口不存在: {method} {url}',
  'error.tooLarge': '请求内容过大(上限 {limit} 字节)',
  'error.tooManyRequests': '请求过于频繁,请稍后再试',
  'error.internal': '服务器内部错误,请稍后重试(请求编号 {requestId})',
};
