import type { UserInfo } from '@roompilot/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from './api';
import type { GuardUser } from './guard';

/** The user info of a token: a new token (a new login) is a new query. */
export const userInfoQuery = (token: string | undefined) => ({
  queryKey: ['userinfo', token],
  // Quiet: the guard reports a failure itself, then logs out (SPEC.md section 8).
  queryFn: () => api.auth.userInfo(undefined, { quiet: true }),
});

/** The user info of the current token (the console's start may have asked for it already). */
export function useUserInfoQuery(token: string | undefined, enabled: boolean) {
  return useQuery({
    ...userInfoQuery(token),
    enabled: enabled && token !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
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
