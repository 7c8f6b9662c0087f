import type { LoginBody, LoginData, PasswordBody, UserInfo } from '@roompilot/contract';
import { http } from '../../app/http';

/** The auth calls of API.md. */
export const authApi = {
  login: (body: LoginBody) => http.post<LoginData>('/login', { ...body, user_name: body.user_name.trim() }),
  /** Quiet: leaving must work even when the session is already gone. */
  logout: () => http.post<null>('/logout', undefined, { quiet: true }),
  /** Quiet: the guard reports a failure itself, then logs out (SPEC.md section 8). */
  userInfo: () => http.post<UserInfo>('/userinfo', undefined, { quiet: true }),
  changePassword: (body: PasswordBody) => http.post<null>('/pwd', body),
};
