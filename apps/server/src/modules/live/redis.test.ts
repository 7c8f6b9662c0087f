import { describe, expect, it } from 'vitest';
import { connectPair } from './redis.js';

describe('connectPair', () => {
  it('names an unreachable Redis by its URL without the password', async () => {
    const connecting = connectPair({ url: 'redis://:S3cretRedisPw@127.0.0.1:1' }, {});
    await expect(connecting).rejects.toThrow(/^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 is not reachable: \S/);
    await expect(connecting).rejects.not.toThrow(/S3cretRedisPw/);
  });
});
