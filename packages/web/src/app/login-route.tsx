import { lazy, useEffect } from 'react';
import { Navigate, useLocation } from '../lib/router';
import { useIsSignedIn } from '../lib/auth-state';
import { safeNextPath } from '../lib/next-path';

const LoginPage = lazy(() => import('../pages/public/login-page'));

/** The browser goes there itself (the operators' console is another app). */
function LeaveFor({ path }: { path: string }) {
  useEffect(() => window.location.replace(path), [path]);
  return null;
}

/** /login: signed-in users go to the console, or where `?next=` says (a path of this site). */
export function LoginRoute() {
  const signedIn = useIsSignedIn();
  const next = safeNextPath(useLocation().search);
  if (!signedIn) return <LoginPage />;
  return next ? <LeaveFor path={next} /> : <Navigate to="/" replace />;
}
