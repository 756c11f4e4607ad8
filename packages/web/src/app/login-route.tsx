import { lazy } from 'react';
import { Navigate } from 'react-router';
import { useIsSignedIn } from '../lib/auth-state';

const LoginPage = lazy(() => import('../pages/public/login-page'));

/** /login: signed-in users go to the console. */
export function LoginRoute() {
  const signedIn = useIsSignedIn();
  return signedIn ? <Navigate to="/" replace /> : <LoginPage />;
}
