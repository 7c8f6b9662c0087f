export default {
  'modes.notFound': '模式不存在。',
  'modes.nameEmpty': '模式名称不能为空。',
  'modes.nameTaken': '该房型已有同名模式（内置模式的名称也不能用）。',
  'modes.tooMany': '每个房型最多 32 个模式。',
  'modes.builtinName': '内置模式的名称不能修改。',
  'modes.builtinDelete': '内置模式不能删除。',
  'modes.unknownDevice': '设备 {key} 不在该房型的设备模板中。',
  'modes.deviceField': '设备 {key} 不能设置“{field}”。',
  'modes.setpointRange': '设备 {key} 的设定温度超出了设备模板的范围。',
  'modes.scheduleMode': '第 {n} 条定时的模式不属于该房型。',
  'modes.noSuchMode': '房间 {room}：其房型没有名为 {reason} 的模式。',
};
