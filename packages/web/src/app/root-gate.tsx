import { lazy, Suspense } from 'react';
import { PageLoader } from '../components/page-loader';
import { useIsSignedIn } from '../lib/auth-state';
import { useRouteTitle } from './route-title';

const ConsoleLayout = lazy(() => import('./layouts/console/console-layout'));
const LandingLayout = lazy(() => import('./layouts/landing/landing-layout'));

/** Any non-public path: the console when signed in (a token in storage), else the landing page. */
export function RootGate() {
  const signedIn = useIsSignedIn();
  useRouteTitle(signedIn);
  return <Suspense fallback={<PageLoader />}>{signedIn ? <ConsoleLayout /> : <LandingLayout />}</Suspense>;
}
