import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { configureApiClient } from './lib/api-client';
import { notify } from './lib/notify';
import { createQueryClient } from './lib/query';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

configureApiClient({
  navigate: (to) => void router.navigate(to),
  notify: (kind, message) => void notify[kind](message),
  onSignOut: () => queryClient.clear(),
});

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
