import { ErrorCode } from '@roompilot/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { FullPageSpin } from './FullPageSpin';
import { useMessage } from './feedback';
import { allowedRoutes, decide, LOGIN_PATH, routeAt } from './guard';
import { ApiError } from './http';
import { withStrings } from './i18n';
import { preloadable } from './preloadable';
import { Screen } from './screens';
import { clearToken, sessionEndedHere, useToken } from './session';
import { type CurrentUser, CurrentUserContext, toGuardUser, useCurrentUser, useUserInfoQuery } from './user';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const AuthRedirectPage = lazy(() => import('../features/auth/AuthRedirectPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const UnauthorizedPage = lazy(() => import('./pages/UnauthorizedPage'));
/** The shell of every signed-in screen, with the strings of its live alerts; loaded once. */
const shell = preloadable(withStrings(['alerts'], () => import('./layout/MainLayout')));
export const preloadShell = shell.load;
const MainLayout = shell.Component;

/** The navigation guard of SPEC.md section 2 around every route. */
function Guard() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const message = useMessage();
  const { t } = useTranslation();
  const token = useToken();
  const hasToken = token !== undefined;

  const needsUser = decide(pathname, hasToken, undefined).kind === 'loadUser';
  const userQuery = useUserInfoQuery(token, needsUser);
  const current = useMemo<CurrentUser | null>(
    () => (userQuery.data ? { info: userQuery.data, guard: toGuardUser(userQuery.data) } : null),
    [userQuery.data],
  );

  // Loading the user info failed: show why, log out, back to / (which leads to /login).
  const failure = userQuery.error;
  useEffect(() => {
    if (!failure) return;
    // A hotel whose validity is over was said by the http client already (app/http.ts).
    const told = failure instanceof ApiError && failure.code === ErrorCode.hotelExpired;
    if (!told)
      message.error(failure instanceof ApiError && failure.message ? failure.message : t('auth.userInfoFailed'), 5);
    clearToken();
    queryClient.removeQueries({ queryKey: ['userinfo'] });
    navigate('/', { replace: true });
  }, [failure, message, t, queryClient, navigate]);

  const decision = decide(pathname, hasToken, current?.guard, search);
  if (decision.kind === 'redirect') {
    // A deep link without a session keeps its target in ?redirect=; a session that just ended does not.
    const to = decision.noGoBack
      ? `${decision.to}?noGoBack=true`
      : !hasToken && sessionEndedHere()
        ? LOGIN_PATH
        : decision.to;
    return <Navigate to={to} replace state={decision.noGoBack ? { noGoBack: true } : undefined} />;
  }
  if (decision.kind === 'loadUser') return <FullPageSpin />;
  return (
    <CurrentUserContext.Provider value={current}>
      <Suspense fallback={<FullPageSpin />}>
        <Outlet />
      </Suspense>
    </CurrentUserContext.Provider>
  );
}

/** The main layout's routes: only those this user may visit are added. */
function ConsoleRoutes() {
  const { guard } = useCurrentUser();
  const routes = useMemo(() => allowedRoutes(guard), [guard]);
  const home = routeAt('/', guard);
  return (
    <Routes>
      <Route element={<MainLayout />}>
        {home && <Route index element={<Screen route={home} />} />}
        {routes.map((route) => (
          <Route key={route.path} path={route.path.slice(1)} element={<Screen route={route} />} />
        ))}
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Guard />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/authredirect" element={<AuthRedirectPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/401" element={<UnauthorizedPage />} />
        <Route path="*" element={<ConsoleRoutes />} />
      </Route>
    </Routes>
  );
}
