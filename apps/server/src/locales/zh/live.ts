export default {
  'live.deviceTimeout': '房间 {room} 的RCU在 {seconds} 秒内没有应答(离线或无响应)',
  'live.deviceOffline': '房间 {room} 的RCU离线,命令未发送',
  'live.deviceRefused': '房间 {room} 的RCU拒绝了命令:{reason}',
  'live.gatewayDown': '设备网关未运行,无法发送命令',
  'live.roomNotFound': '房间不存在',
  'live.alertNotFound': '告警不存在',
  'live.notWebSocket': '此地址只接受 WebSocket 连接',
  'live.socketFirstMessage': '第一条消息必须是 {"token":"…"}',
  'live.socketAuthTimeout': '{seconds} 秒内未收到令牌,连接已关闭',
  'live.noRoomsChosen': '请选择房间:按房间、楼层、房型或楼栋',
  'live.noAirConditioner': '房间 {room} 没有空调',
};
