/**
 * Build-time rendering (server side of the static prerender, built with `vite build --ssr`): `scripts/prerender.mjs`
 * writes the HTML of the landing page and of the two legal pages into <page>.<locale>.html, so a visitor sees the
 * page before any script runs, and start.tsx hydrates it. The landing page is rendered as an anonymous visitor sees
 * it at `/`, its pricing cards in their loading state (the packages come from the API in the browser); the legal
 * pages with their full text.
 */
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from './lib/router';
import type { RouteObject } from './lib/router';
import { AppRoutes } from './app/app-routes';
import { LEGAL_PATHS } from '@portal/contract';
import type { LegalDocumentKind, Locale } from '@portal/contract';
import { AppProviders } from './app/providers';
import { routeTitle } from './app/route-title';
import { consoleRoutes, routes } from './app/routes';
import ConsoleLayout from './app/layouts/console/console-layout';
import { preloadLegalTexts } from './components/legal-document';
import { i18n } from './i18n/i18n';
import { createQueryClient } from './lib/query';

/** The console's pages: scripts/prerender.mjs lets app-boot.js preload the chunks of the page being opened. */
export { CONSOLE_PAGES } from './app/console-pages';

/** What scripts/prerender.mjs must write: the landing page (`/`) and every legal document's route. */
export const PRERENDERED_ROUTES: readonly string[] = ['/', ...Object.values(LEGAL_PATHS)];

/** The legal document at a route, if it is one's. */
function legalDocumentAt(route: string): LegalDocumentKind | null {
  const kinds = Object.keys(LEGAL_PATHS) as LegalDocumentKind[];
  return kinds.find((kind) => LEGAL_PATHS[kind] === route) ?? null;
}

/** A description for search results: the text's first sentences, within what they show (about 160 characters). */
function summary(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('。'));
  return end > max / 2 ? cut.slice(0, end + 1) : `${cut.slice(0, max - 1)}…`;
}

export interface RenderedPage {
  body: string;
  /** The page's <title> in its language (the same text as useRouteTitle sets in the browser). */
  title: string;
  /** The page's description, where it is not the landing page's (index.html's). */
  description: string | null;
}

/** The app at an address, as HTML: every Suspense boundary resolved (lazy chunks loaded), nothing fetched. */
async function renderAt(queryClient: QueryClient, routes: RouteObject[], route: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
    // Every Suspense boundary inline, in place: React would move a large one (the legal text) to the end of the
    // page with an inline script to swap it in, which the CSP (script-src 'self') blocks.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders the page at a route: `/` for the landing page, or a legal document's route. */
export async function renderPage(locale: Locale, route: string): Promise<RenderedPage> {
  await i18n.changeLanguage(locale);
  const legal = legalDocumentAt(route);
  if (route !== '/' && !legal) throw new Error(`${route} is not a prerendered page`);
  const queryClient = createQueryClient();
  try {
    if (legal) await preloadLegalTexts(queryClient);
    const body = await renderAt(queryClient, routes, route);
    const title = routeTitle(legal ? LEGAL_PATHS[legal] : '/', false, i18n.t);
    if (!legal) return { body, title, description: null };
    const { legalEn, legalZhCN, legalZhTW } = await import('./i18n/locales/features/legal');
    const texts = { zh_CN: legalZhCN, zh_TW: legalZhTW, en: legalEn }[locale];
    return { body, title, description: summary(texts[legal].intro) };
  } finally {
    // The cache's garbage-collection timers (minutes long) would keep the build's process alive after the files
    // are written: release them.
    queryClient.clear();
  }
}

/**
 * The console's frame for a signed-in customer's first paint (see app/console-frame.ts): the console layout as it
 * looks before its data arrives, at a page's address with that page in its loading state (its title, static texts
 * and skeletons; today's date left out), or, without one, with its main area empty (for the addresses of no
 * prerendered page). Ids, the references to them and test ids are dropped, and its landmarks are plain boxes (the
 * frame is hidden from assistive technology and must not clash with the page's own), and so are Mantine's CSS
 * variables, which the landing page's HTML already holds.
 */
export async function renderConsoleFrame(locale: Locale, page?: string): Promise<string> {
  await i18n.changeLanguage(locale);
  const queryClient = createQueryClient();
  try {
    const html = page
      ? await renderAt(
          queryClient,
          [{ path: '/', element: <ConsoleLayout />, children: consoleRoutes }],
          page,
        )
      : // At an address of no page: no navigation entry is marked as the current one.
        await renderAt(queryClient, [{ path: '/*', element: <ConsoleLayout /> }], '/console-frame');
    return (
      html
        .replace(/<style data-mantine-styles="true">[\s\S]*?<\/style>/g, '')
        .replace(/\s(id|aria-labelledby|aria-describedby|aria-controls|for|data-testid)="[^"]*"/g, '')
        .replace(/<(\/?)(main|header|nav|aside|footer)\b/g, '<$1div')
        // What tells the time (data-now: today's date) would be the build's: left empty until the app fills it.
        .replace(/(<[^>]*\sdata-now(?:="[^"]*")?[^>]*>)[^<]*/g, '$1')
    );
  } finally {
    queryClient.clear();
  }
}
