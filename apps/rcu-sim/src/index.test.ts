import { expect, it } from 'vitest';
import { PROTOCOL_VERSION } from './index.js';

it('targets protocol version 1', () => {
  expect(PROTOCOL_VERSION).toBe(1);
});
