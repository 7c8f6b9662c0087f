import { ErrorCode } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, HttpError, NetworkError } from './http';
import { isPassingFailure } from './user';

describe('the user info is asked again only after a failure that says nothing about the session', () => {
  it('asks again when the server was busy, a gateway failed, or the network dropped', () => {
    expect(isPassingFailure(new ApiError('服务器繁忙', ErrorCode.tooManyRequests))).toBe(true);
    expect(isPassingFailure(new HttpError(new Response(null, { status: 503 })))).toBe(true);
    expect(isPassingFailure(new NetworkError('offline', false))).toBe(true);
  });

  it('logs out at once when the session is refused, the server failed or the 50 s passed', () => {
    expect(isPassingFailure(new ApiError('登录已失效', ErrorCode.unauthenticated))).toBe(false);
    expect(isPassingFailure(new ApiError('会话已结束', ErrorCode.sessionEnded))).toBe(false);
    expect(isPassingFailure(new HttpError(new Response(null, { status: 500 })))).toBe(false);
    expect(isPassingFailure(new NetworkError('timed out', true))).toBe(false);
    expect(isPassingFailure(new Error('boom'))).toBe(false);
  });
});
