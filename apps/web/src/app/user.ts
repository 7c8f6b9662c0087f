import { ErrorCode, type UserInfo } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from './api';
import type { GuardUser } from './guard';
import { ApiError, HttpError, NetworkError } from './http';

/** The user info of a token: a new token (a new login) is a new query. */
export const userInfoQuery = (token: string | undefined) => ({
  queryKey: ['userinfo', token],
  // Quiet: the guard reports a failure itself, then logs out (SPEC.md section 8).
  queryFn: () => api.auth.userInfo(undefined, { quiet: true }),
});

/** Tries of the user info after a passing failure, before the guard logs out (SPEC.md section 2). */
export const USER_INFO_RETRIES = 3;

/**
 * A failure that says nothing about the session: the server was busy (4429, its overload guard),
 * a gateway in front of it was (502–504), or the network dropped. The user info is asked again
 * then, instead of logging out someone whose session is fine.
 */
export function isPassingFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === ErrorCode.tooManyRequests;
  if (error instanceof HttpError) return [502, 503, 504].includes(error.response.status);
  return error instanceof NetworkError && !error.timedOut;
}

/** The user info of the current token (the console's start may have asked for it already). */
export function useUserInfoQuery(token: string | undefined, enabled: boolean) {
  return useQuery({
    ...userInfoQuery(token),
    enabled: enabled && token !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => failures < USER_INFO_RETRIES && isPassingFailure(error),
    retryDelay: (failures) => 250 * 2 ** failures,
  });
}

export function toGuardUser(user: UserInfo): GuardUser {
  return { isAdmin: user.is_admin, perms: user.perms.map((perm) => perm.val) };
}

export interface CurrentUser {
  info: UserInfo;
  guard: GuardUser;
}

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user inside the console layout (the guard has loaded it before). */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside the console layout');
  return user;
}
