import type { ValidationMessages } from '../types.js';

export default {
  required: 'es obligatorio',
  additionalProperties: 'no es un campo permitido',
  type: 'debe ser {type}',
  maxLength: 'no debe tener más de {limit} caracteres',
  minLength: 'no debe tener menos de {limit} caracteres',
  maximum: 'debe ser <= {limit}',
  minimum: 'debe ser >= {limit}',
  maxItems: 'no debe tener más de {limit} elementos',
  uniqueItems: 'no debe tener elementos repetidos',
  enum: 'debe ser uno de {allowed}',
  format: 'debe tener formato {format}',
} satisfies ValidationMessages;
