export default {
  'alerts.sos': 'SOS 紧急呼叫{detail}',
  'alerts.fault': '设备故障{detail}',
  'alerts.door_open_long': '房门打开已超过 {minutes} 分钟',
  'alerts.rcu_offline': 'RCU 离线已超过 {minutes} 分钟',
  'alerts.rcu_offline_now': 'RCU 离线',
  'alerts.window_open_ac_on': '空调运行时窗户打开',
};
