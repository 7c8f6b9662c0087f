export default {
  'alerts.sos': 'SOS 紧急呼叫{detail}',
  'alerts.fault': '设备故障{detail}',
  'alerts.door_open_long': '房门打开已超过 {minutes} 分钟',
  'alerts.rcu_offline': 'RCU 离线已超过 {minutes} 分钟',
  'alerts.rcu_offline_now': 'RCU 离线',
  'alerts.window_open_ac_on': '空调运行时窗户打开',
  'alerts.rcu_flooding': 'RCU 消息过多（超出其消息预算）：多余的消息被丢弃，SOS 始终送达',
};
