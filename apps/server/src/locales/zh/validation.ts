export default {
  required: '必填',
  additionalProperties: '是未知字段',
  type: '类型应为 {type}',
  maxLength: '不能超过 {limit} 个字符',
  minLength: '不能少于 {limit} 个字符',
  maximum: '不能大于 {limit}',
  minimum: '不能小于 {limit}',
  maxItems: '不能超过 {limit} 项',
  uniqueItems: '不能有重复项',
  enum: '取值应为 {allowed} 之一',
  format: '格式应为 {format}',
};
