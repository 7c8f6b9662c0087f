export default {
  'broker.authOff': '未启用 MQTT 的 HTTP 认证(未设置 MQTT_AUTH_SECRET)',
  'broker.badSecret': 'MQTT 代理的共享密钥错误',
  'broker.busy': 'MQTT 认证请求过多,请 {seconds} 秒后再试',
};
