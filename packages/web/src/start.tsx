import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { normalizePath, routes, showsLanding } from './app/routes';
import { currentLocale } from './i18n/i18n';
import { configureApiClient } from './lib/api-client';
import { notify } from './lib/notify';
import { createQueryClient } from './lib/query';
import { isSignedIn } from './lib/token-store';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

configureApiClient({
  navigate: (to) => void router.navigate(to),
  notify: (kind, message) => void notify[kind](message),
  onSignOut: () => queryClient.clear(),
});

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/**
 * Whether the page the server sent (scripts/prerender.mjs) is what this visitor sees here: the landing page (route
 * '/') on any non-public path for an anonymous visitor, a legal page on its own path; and in their language.
 */
function showsPrerendered(): boolean {
  const route = document.documentElement.dataset.prerenderedRoute;
  if (container?.dataset.prerendered !== currentLocale() || !route) return false;
  const path = normalizePath(window.location.pathname);
  return route === '/' ? !isSignedIn() && showsLanding(path) : route === path;
}

// Either way as a transition, so React renders in slices that leave the main thread free for input.
if (showsPrerendered()) {
  // A legal page is prerendered with its text: hydrate with the text too (not its loading state).
  const legal = document.documentElement.dataset.prerenderedRoute !== '/';
  const ready = legal
    ? import('./components/legal-document').then((m) => m.preloadLegalTexts(queryClient))
    : Promise.resolve();
  void ready.finally(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  // Not for this visitor (theme-init.js has kept it hidden): render from scratch.
  container.replaceChildren();
  delete container.dataset.prerendered;
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
