/**
 * The browser tab's title for every route, in the interface language: "<page> · <site name>" (console and public
 * pages), "<site name> · <what it sells>" on the landing page. One hook (useRouteTitle) keeps document.title in step
 * with the route and the language; the prerender writes the same text into the page's <title>.
 */
import type { ParseKeys, TFunction } from '../i18n/translator';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocation } from '../lib/router';
import { normalizePagePath } from '@portal/contract';
import { consoleTrail } from './console-pages';

/** Public pages and the key of their title. */
const PUBLIC_TITLES = {
  '/login': 'titles.login',
  '/forgot-password': 'titles.forgotPassword',
  '/reset-password': 'titles.resetPassword',
  '/verify-email': 'titles.verifyEmail',
  '/subscribe': 'titles.subscribe',
  '/auth/callback': 'titles.authCallback',
  '/terms-of-service': 'legal.termsTitle',
  '/privacy-policy': 'legal.privacyTitle',
} as const satisfies Record<string, ParseKeys>;

type PublicPath = keyof typeof PUBLIC_TITLES;

function isPublicPath(path: string): path is PublicPath {
  return Object.hasOwn(PUBLIC_TITLES, path);
}

/**
 * The name of the console page (or ticket / document) at a path; "Page not found" for any other path. A ticket is
 * named by the number it shows itself with (`ticketNo`, "T2026…") once its page knows it, plain "Ticket" before.
 */
export function consolePageTitle(pathname: string, t: TFunction, ticketNo?: string): string {
  const trail = consoleTrail(pathname);
  const last = trail.at(-1);
  if (!last) return t('console.notFoundTitle');
  if (last.kind !== 'page') {
    if (last.kind === 'document') return `${t('console.documentCrumb')} · ${t('nav.help')}`;
    return ticketNo ? t('console.ticketNumberCrumb', { no: ticketNo }) : t('console.ticketPendingCrumb');
  }
  return t(`nav.${last.key}`);
}

/**
 * The number of the ticket open at a path, told by its page (the page header reads it from the ticket it loaded):
 * the title follows it without this module, which the landing page loads too, importing the tickets feature.
 */
let openTicket: { path: string; no: string } | null = null;
const ticketListeners = new Set<() => void>();

export function announceTicketNumber(path: string, no: string | undefined): void {
  const next = no ? { path: normalizePagePath(path), no } : null;
  if (openTicket?.path === next?.path && openTicket?.no === next?.no) return;
  openTicket = next;
  for (const listener of ticketListeners) listener();
}

function useOpenTicketNumber(path: string): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      ticketListeners.add(listener);
      return () => ticketListeners.delete(listener);
    },
    () => (openTicket?.path === path ? openTicket.no : undefined),
    () => undefined,
  );
}

/**
 * The title of a route. `signedIn` tells the console from the landing page on the paths they share; public pages
 * are the same for everyone.
 */
export function routeTitle(pathname: string, signedIn: boolean, t: TFunction, ticketNo?: string): string {
  const site = t('common.appName');
  const path = normalizePagePath(pathname);
  if (isPublicPath(path)) return `${t(PUBLIC_TITLES[path])} · ${site}`;
  if (!signedIn) return `${site} · ${t('titles.landing')}`;
  return `${consolePageTitle(path, t, ticketNo)} · ${site}`;
}

/** Keeps the tab title in step with the route and the language. */
export function useRouteTitle(signedIn: boolean): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ticketNo = useOpenTicketNumber(normalizePagePath(pathname));
  const title = routeTitle(pathname, signedIn, t, ticketNo);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
