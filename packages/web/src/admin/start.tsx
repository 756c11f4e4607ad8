import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '../lib/router';
import { AppProviders } from '../app/providers';
import { addNamespace } from '../i18n/i18n';
import { configureApiClient } from '../lib/api-client';
import { notify } from '../lib/notify';
import { createQueryClient } from '../lib/query';
import { adminPath } from './admin-path';
import { AdminApp } from './admin-app';
import { ADMIN_MESSAGE_LOADERS } from './i18n';

// The console's own messages (namespace `admin`), in the language in use, before anything renders.
await addNamespace('admin', (locale) => ADMIN_MESSAGE_LOADERS[locale]());

const queryClient = createQueryClient();
configureApiClient({
  // The API client's redirects (sign-in) are the customer app's pages: a full navigation out of the console.
  navigate: (to) => window.location.assign(to),
  notify: (kind, message) => void notify[kind](message),
  onSignOut: () => queryClient.clear(),
});

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter basename={adminPath()}>
        <AdminApp />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
