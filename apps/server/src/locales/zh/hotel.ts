export default {
  'hotel.required': '请指定酒店',
  'hotel.notFound': '酒店不存在',
};
