import { useEffect, useLayoutEffect } from 'react';
import { useNavigate, useRoutes } from '../lib/router';
import type { RouteObject } from '../lib/router';

let navigateTo: ((to: string) => void) | null = null;
/** A navigation asked for before the routes were mounted (a call's answer can come first): done when they are. */
let pending: string | null = null;

/**
 * The app's routes under the router the entry gives it (BrowserRouter in the browser, MemoryRouter at build time;
 * lib/router.tsx). It also lends its navigation to code outside React (the API client's sign-out), through
 * `navigateOutside`.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    navigateTo = (to) => void navigate(to);
    return () => {
      navigateTo = null;
    };
  }, [navigate]);
  // After the first render (the router takes navigations from then on).
  useEffect(() => {
    if (pending === null) return;
    const to = pending;
    pending = null;
    void navigate(to);
  }, [navigate]);
  return useRoutes(routes);
}

/** Navigates the app from outside React; asked before the routes are mounted, it happens as they mount. */
export function navigateOutside(to: string): void {
  if (navigateTo) navigateTo(to);
  else pending = to;
}
