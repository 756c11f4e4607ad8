import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteObject } from '../lib/router';
import { normalizePagePath } from '@portal/contract';
import type { ConsolePageKey } from './console-pages';
import { CONSOLE_PAGES } from './console-pages';
import { LoginRoute } from './login-route';
import { RootGate } from './root-gate';

type LazyPage = LazyExoticComponent<ComponentType>;

/** One chunk per console page. */
const CONSOLE_COMPONENTS: Record<ConsolePageKey, LazyPage> = {
  dashboard: lazy(() => import('../pages/console/dashboard-page')),
  finance: lazy(() => import('../pages/console/finance-page')),
  subscription: lazy(() => import('../pages/console/subscription-page')),
  subscriptionHistory: lazy(() => import('../pages/console/subscription-history-page')),
  subscriptionLink: lazy(() => import('../pages/console/subscription-link-page')),
  nodes: lazy(() => import('../pages/console/nodes-page')),
  support: lazy(() => import('../pages/console/support-page')),
  announcements: lazy(() => import('../pages/console/announcements-page')),
  help: lazy(() => import('../pages/console/help-page')),
  contact: lazy(() => import('../pages/console/contact-page')),
  dealer: lazy(() => import('../pages/console/dealer-page')),
  profile: lazy(() => import('../pages/console/profile-page')),
  security: lazy(() => import('../pages/console/security-page')),
  sessions: lazy(() => import('../pages/console/sessions-page')),
  recharge: lazy(() => import('../pages/console/recharge-page')),
  rechargeHistory: lazy(() => import('../pages/console/recharge-history-page')),
  rechargeCodes: lazy(() => import('../pages/console/recharge-codes-page')),
};

/** Detail pages under console pages (their own chunks). */
const TicketPage = lazy(() => import('../pages/console/ticket-page'));
const HelpDocumentPage = lazy(() => import('../pages/console/help-document-page'));

const NotFoundPage = lazy(() => import('../pages/console/not-found-page'));
const PublicLayout = lazy(() => import('./layouts/public-layout'));
const AuthCallbackPage = lazy(() => import('../pages/public/auth-callback-page'));
const VerifyEmailPage = lazy(() => import('../pages/public/verify-email-page'));
const ForgotPasswordPage = lazy(() => import('../pages/public/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../pages/public/reset-password-page'));
const SubscribePage = lazy(() => import('../pages/public/subscribe-page'));
const TermsPage = lazy(() => import('../pages/public/terms-page'));
const PrivacyPage = lazy(() => import('../pages/public/privacy-page'));

export const PUBLIC_PATHS = [
  '/auth/callback',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/terms-of-service',
  '/privacy-policy',
  '/subscribe',
  '/login',
] as const;

/** Whether an anonymous visitor at this path sees the landing page: any path that is not public (as the router matches). */
export function showsLanding(pathname: string): boolean {
  return !(PUBLIC_PATHS as readonly string[]).includes(normalizePagePath(pathname));
}

/** The console's routes under its layout: every page of CONSOLE_PAGES, the detail pages and the not-found page. */
export const consoleRoutes: RouteObject[] = [
  ...CONSOLE_PAGES.map((page) => {
    const Page = CONSOLE_COMPONENTS[page.key];
    return page.path === '/'
      ? { index: true, element: <Page /> }
      : { path: page.path.slice(1), element: <Page /> };
  }),
  { path: 'support/:ticketId', element: <TicketPage /> },
  { path: 'help/:documentId', element: <HelpDocumentPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/terms-of-service', element: <TermsPage /> },
      { path: '/privacy-policy', element: <PrivacyPage /> },
      { path: '/subscribe', element: <SubscribePage /> },
      { path: '/login', element: <LoginRoute /> },
    ],
  },
  { path: '/', element: <RootGate />, children: consoleRoutes },
];
