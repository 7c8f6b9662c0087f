export default {
  'layout.toggleMenu': '切换菜单',
  'layout.language': '语言',
  'layout.userMenu': '用户菜单',
  'layout.errorLog': '错误日志',
  'layout.errorLogClear': '清空',
  'layout.errorMessage': '信息',
  'layout.errorInfo': '详情',
  'layout.errorUrl': '地址',
  'layout.errorStack': '堆栈',
  'layout.errorTime': '时间',
  'layout.filingNumber': '备案号',
};
