import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/databases.js';

describe('access declarations', () => {
  it('refuses to start with a route that declares no access', async () => {
    await expect(
      createTestApp('sqlite', {
        build: {
          extraRoutes: async (api) => {
            api.post('/forgotten', async () => ({ code: 0, message: 'ok', data: null }));
          },
        },
      }),
    ).rejects.toThrow(/Routes without a declared access.*POST \/apis\/forgotten/);
  });
});
