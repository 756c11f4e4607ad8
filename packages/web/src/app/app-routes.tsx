import { useLayoutEffect } from 'react';
import { useNavigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';

let navigateTo: ((to: string) => void) | null = null;

/**
 * The app's routes under the router the entry gives it (BrowserRouter in the browser, MemoryRouter at build time):
 * the declarative router, a third of the size of the data router, whose loaders and actions the app does not use.
 * It also lends its navigation to code outside React (the API client's sign-out), through `navigateOutside`.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    navigateTo = (to) => void navigate(to);
    return () => {
      navigateTo = null;
    };
  }, [navigate]);
  return useRoutes(routes);
}

/** Navigates the app from outside React; before the app is mounted, the browser goes there itself. */
export function navigateOutside(to: string): void {
  if (navigateTo) navigateTo(to);
  else window.location.assign(to);
}
