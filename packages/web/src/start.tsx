import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes, showsLanding } from './app/routes';
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

// The server sends the landing page prerendered in the visitor's language (scripts/prerender.mjs): hydrate it when
// it is what this visitor should see; otherwise drop it (theme-init.js has kept it hidden) and render from scratch.
const prerendered = container.dataset.prerendered;
// Either way as a transition, so React renders in slices that leave the main thread free for input.
if (prerendered === currentLocale() && !isSignedIn() && showsLanding(window.location.pathname)) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
