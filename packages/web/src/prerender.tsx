/**
 * Build-time rendering of the landing page (server side of the static prerender, built with `vite build --ssr`):
 * `scripts/prerender.mjs` writes its HTML into index.<locale>.html so a visitor sees the page before any script
 * runs, and start.tsx hydrates it. Only what an anonymous visitor sees at `/` is rendered; the pricing cards are in
 * their loading state (the packages come from the API in the browser).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Locale } from '@portal/contract';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { i18n } from './i18n/i18n';
import { createQueryClient } from './lib/query';

export async function renderLanding(locale: Locale): Promise<string> {
  await i18n.changeLanguage(locale);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
