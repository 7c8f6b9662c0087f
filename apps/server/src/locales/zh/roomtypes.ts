export default {
  'roomtypes.notFound': '房型不存在',
  'roomtypes.nameTaken': '房型名称已存在',
  'roomtypes.inUse': '该房型仍有房间在使用,不能删除',
  'roomtypes.devicePrefix': '设备 {key} 的编号应以 {prefix} 开头',
  'roomtypes.deviceDuplicate': '设备编号 {key} 重复',
  'roomtypes.setpointOrder': '设备 {key} 的温度默认值应满足 最低 ≤ 设定 ≤ 最高',
  'roomtypes.setpointKind': '只有空调和地暖可以设置温度默认值({key})',
};
