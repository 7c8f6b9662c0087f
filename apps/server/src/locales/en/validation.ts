import type { ValidationMessages } from '../types.js';

export default {
  required: 'is required',
  additionalProperties: 'is not an allowed field',
  type: 'must be {type}',
  maxLength: 'must NOT have more than {limit} characters',
  minLength: 'must NOT have fewer than {limit} characters',
  maximum: 'must be <= {limit}',
  minimum: 'must be >= {limit}',
  maxItems: 'must NOT have more than {limit} items',
  uniqueItems: 'must NOT have duplicate items',
  enum: 'must be one of {allowed}',
  format: 'must be a {format}',
} satisfies ValidationMessages;
