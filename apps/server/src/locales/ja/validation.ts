import type { ValidationMessages } from '../types.js';

export default {
  required: '必須です',
  additionalProperties: '許可されていない項目です',
  type: '{type} である必要があります',
  maxLength: '{limit} 文字以内である必要があります',
  minLength: '{limit} 文字以上である必要があります',
  maximum: '{limit} 以下である必要があります',
  minimum: '{limit} 以上である必要があります',
  maxItems: '{limit} 件以内である必要があります',
  uniqueItems: '重複があってはいけません',
  enum: '{allowed} のいずれかである必要があります',
  format: '{format} 形式である必要があります',
} satisfies ValidationMessages;
