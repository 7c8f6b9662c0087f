export default {
  'common.ok': '确定',
  'common.cancel': '取消',
  'common.loading': '加载中…',
  'common.backHome': '返回首页',
  'common.goBack': '返回',
  'common.reload': '重新加载',
  'common.empty': '暂无数据',
  'common.languageSwitched': '切换语言成功，请刷新',
  'common.notBuilt': '该页面尚未开发完成。',
  'common.notFound': '抱歉，您访问的页面不存在。',
  'common.unauthorized': '抱歉，您没有权限访问该页面。',
  'common.crashed': '页面出错了，错误已记录在错误日志中。',
};
