export default {
  'buildings.notFound': '楼栋不存在',
  'buildings.nameTaken': '楼栋名称已存在',
  'buildings.inUse': '该楼栋还有房间,不能删除',
  'buildings.floorsInUse': '新的楼层范围之外还有房间,请先移动或删除这些房间',
  'buildings.defaultName': '主楼',
  'buildings.floorRange': '起始楼层 {from} 不能高于结束楼层 {to}',
};
