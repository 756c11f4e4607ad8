import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes, navigateOutside } from './app/app-routes';
import { prefetchConsole } from './app/console-prefetch';
import { AppProviders } from './app/providers';
import { normalizePagePath } from '@portal/contract';
import { routes, showsLanding } from './app/routes';
import { currentLocale } from './i18n/i18n';
import { configureApiClient } from './lib/api-client';
import { notify } from './lib/notify';
import { createQueryClient } from './lib/query';
import { isSignedIn } from './lib/token-store';

const queryClient = createQueryClient();

configureApiClient({
  navigate: navigateOutside,
  notify: (kind, message) => void notify[kind](message),
  onSignOut: () => queryClient.clear(),
});

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

/** The route the server's page was prerendered for (scripts/prerender.mjs): '/' is the landing page. */
const prerenderedRoute = document.documentElement.dataset.prerenderedRoute;

/**
 * Whether that page is what this visitor sees here, in their language: the landing page on any non-public path for
 * an anonymous visitor, a legal page on its own path.
 */
function showsPrerendered(): boolean {
  if (!prerenderedRoute || container?.dataset.prerendered !== currentLocale()) return false;
  const path = normalizePagePath(window.location.pathname);
  return prerenderedRoute === '/' ? !isSignedIn() && showsLanding(path) : prerenderedRoute === path;
}

// Either way as a transition, so React renders in slices that leave the main thread free for input.
if (showsPrerendered()) {
  // A legal page is prerendered with its text: hydrate with the text too (not its loading state).
  const ready =
    prerenderedRoute === '/'
      ? Promise.resolve()
      : import('./components/legal-document').then((m) => m.preloadLegalTexts(queryClient));
  void ready.finally(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  // Not for this visitor (theme-init.js has kept it hidden): render from scratch, a signed-in customer's console
  // with its page's calls already on their way.
  if (isSignedIn() && showsLanding(window.location.pathname))
    prefetchConsole(queryClient, window.location.pathname);
  // The prerendered page's copy of Mantine's CSS variables stays (in the head) until the app's own is in place: the
  // console's frame, drawn over the app until then, is laid out with them (without, its cards shrank and grew back, a
  // layout shift of 0.037 on the dashboard).
  for (const style of container.querySelectorAll('style[data-mantine-styles="true"]'))
    document.head.append(style);
  container.replaceChildren();
  delete container.dataset.prerendered;
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
