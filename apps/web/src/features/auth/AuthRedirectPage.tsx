import { Navigate, useSearchParams } from 'react-router';
import { loginRedirect, safeRedirect } from '../../app/guard';
import { useToken } from '../../app/session';

/** /authredirect: a hand-off from elsewhere; signed in, go on to `?redirect=` (or /). */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const token = useToken();
  const target = safeRedirect(params.get('redirect'));
  return <Navigate to={token ? target : loginRedirect(target)} replace />;
}
