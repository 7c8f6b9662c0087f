export default {
  'hotels.nameTaken': '酒店名称已存在',
  'hotels.hasRooms': '该酒店还有房间,不能删除;确认强制删除将同时删除其全部房间、房型、楼栋、用户和角色',
};
