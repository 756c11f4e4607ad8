import { plural } from '@portal/contract/plural';
import { homeEn } from './features/home/en';
import { ticketsEn } from './features/tickets/en';
import { announcementsEn } from './features/announcements/en';
import { helpEn } from './features/help/en';
import { siteEn } from './features/site/en';
import { searchEn } from './features/search/en';
import { dashboardEn } from './features/dashboard/en';
import { walletEn } from './features/wallet/en';
import { subscriptionsEn } from './features/subscriptions/en';
import { nodesEn } from './features/nodes/en';
import { authEn } from './features/auth/en';
import { accountEn } from './features/account/en';
import type { Messages } from './zh_CN';
/** This language's error and validation texts, from the contract (vite.config.ts): loaded with these messages. */
export { default as contractTexts } from 'virtual:contract-texts/en';

/** English. */
export const en: Messages = {
  common: {
    appName: 'Proxy Portal',
    loading: 'Loading…',
    close: 'Close',
    backHome: 'Back to home',
    user: 'User',
    version: 'Version {{version}}',
    skipToContent: 'Skip to main content',
    cancel: 'Cancel',
    retry: 'Retry',
    copy: 'Copy',
    copied: 'Copied',
    copyLabel: 'Copy {{label}}',
    pageFailed: 'This page could not be shown. Reload to try again.',
    reload: 'Reload',
    loadFailed: 'Could not load, please try again later',
    pagination: 'Pagination',
    pageOf: 'Page {{page}} of {{pages}} · {{total}} in total',
    none: '—',
    pageN: 'Page {{page}}',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    traffic: { upload: 'Upload', download: 'Download' },
  },
  theme: {
    toggle: 'Toggle colour scheme',
    toLight: 'Switch to light mode',
    toDark: 'Switch to dark mode',
  },
  language: {
    switcher: 'Change language',
  },
  nav: {
    dashboard: 'Dashboard',
    groupUser: 'Account',
    profile: 'Profile',
    security: 'Security',
    sessions: 'Sessions',
    groupFinance: 'Finance',
    finance: 'Wallet',
    recharge: 'Top up',
    rechargeHistory: 'Top-up history',
    rechargeCodes: 'Top-up codes',
    groupSubscription: 'Subscription',
    subscription: 'Subscriptions',
    subscriptionHistory: 'Subscription history',
    subscriptionLink: 'Subscription link',
    nodes: 'Nodes',
    groupSupport: 'Support',
    support: 'Tickets',
    announcements: 'Announcements',
    help: 'Help centre',
    contact: 'Contact us',
    dealer: 'Dealers',
  },
  console: {
    mainNavigation: 'Main navigation',
    skipToContent: 'Skip to main content',
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
    collapseSidebar: 'Collapse sidebar',
    expandSidebar: 'Expand sidebar',
    balance: 'Balance',
    logout: 'Log out',
    loggedOut: 'You have been logged out',
    quickRecharge: 'Top up',
    quickSubscribe: 'Subscribe',
    moreActions: 'More actions',
    notifications: 'Announcements',
    unreadCount: plural('{{count}} unread announcements', '{{count}} unread announcement'),
    notFoundTitle: 'Page not found',
    notFoundLead: 'Nothing lives at this address',
    notFoundDescription:
      'The link may be old or mistyped. Choose a page from the menu, or go back to the dashboard.',
    backToDashboard: 'Back to the dashboard',
    breadcrumb: 'Breadcrumb',
    ticketNumberCrumb: 'Ticket {{no}}',
    ticketPendingCrumb: 'Ticket',
    documentCrumb: 'Document',
  },
  titles: {
    landing: 'VMess, VLESS, Trojan and Shadowsocks subscriptions',
    login: 'Log in',
    forgotPassword: 'Forgot password',
    resetPassword: 'Reset password',
    verifyEmail: 'Verify email',
    subscribe: 'Subscription link',
    authCallback: 'Signing in',
  },
  ...authEn,
  restricted: {
    title: 'Locked',
    text: 'Please verify your email address first; top-ups and subscriptions unlock once it is verified.',
  },
  ...accountEn,
  landing: {
    navLabel: 'Site navigation',
    features: 'Features',
    pricing: 'Pricing',
    support: 'Support',
    sourceCode: 'Source code repository',
    hero: {
      badge: 'VMess · VLESS · Trojan · Shadowsocks',
      title: 'Fast, stable and secure network acceleration',
      subtitle:
        'Quality nodes around the world and one subscription link for all your devices, wherever you are.',
      start: 'Get started',
      viewPricing: 'See packages',
    },
    stats: {
      users: '50,000+ users',
      countries: '50+ countries',
      nodes: '200+ nodes',
      uptime: '99.9% uptime',
    },
    featuresSection: {
      title: 'Features',
      subtitle: 'From protocols to clients, built for stability and speed',
      protocols: {
        title: 'Many protocols',
        text: 'VMess, VLESS, Trojan and Shadowsocks, compatible with the popular clients.',
      },
      speed: {
        title: 'High bandwidth',
        text: 'Up to 10 Gbps of backbone bandwidth, smooth even at peak hours.',
      },
      global: {
        title: 'Global nodes',
        text: '200+ nodes in 50+ countries, connect to the nearest for low latency.',
      },
      privacy: {
        title: 'No browsing logs',
        text: 'We never record the sites you visit or what you send; connection logs last 24 hours.',
      },
      devices: {
        title: 'Many devices at once',
        text: 'One subscription link for your phone, computer and tablet.',
      },
      payment: {
        title: 'Flexible payment',
        text: 'Top up with USDT or top-up codes, then buy and renew from balance.',
      },
    },
    why: {
      title: 'Why choose us',
      uptime: {
        title: '99.9% uptime',
        text: 'Nodes are monitored around the clock with automatic failover.',
      },
      support: {
        title: '24/7 support',
        text: 'Open a ticket any time; emails are answered within 24 hours.',
      },
      refund: {
        title: 'Refund guarantee',
        text: 'Full refund within 7 days of purchase if no traffic was used.',
      },
      users: { title: 'Trusted by 50,000+ users', text: 'People all over the world use it every day.' },
    },
    cta: {
      title: 'Ready to start?',
      text: 'Create an account and connect to nodes around the world in minutes.',
      button: 'Sign up free',
    },
    pricingSection: {
      title: 'Choose your package',
      subtitle:
        'From Basic with 20 GB and 2 devices a month to Pro with 200 GB and 5 devices and unlimited Enterprise; paying yearly saves up to 20%.',
      choose: 'Get it',
      loading: 'Loading packages…',
      loadFailed: 'The packages could not be loaded. Check your connection and try again.',
      empty: 'No packages are on sale right now.',
    },
    footer: {
      tagline: 'Fast, stable and secure network acceleration.',
      product: 'Product',
      download: 'Download clients',
      supportTitle: 'Support',
      helpCenter: 'Help centre',
      tickets: 'Open a ticket',
      status: 'Service status',
      statusOk: 'Website and API are up',
      statusDown: 'The service is unavailable right now; we are on it',
      statusChecking: 'Checking the service status…',
      legal: 'Legal',
      privacy: 'Privacy policy',
      terms: 'Terms of service',
      social: 'Social',
      github: 'GitHub',
      emailReply: 'Email answered within 24 hours',
      claims: '24/7 support · No-log policy · 7-day refund guarantee',
      rights: '© {{year}} Proxy Portal. All rights reserved.',
    },
  },
  legal: {
    version: 'Version {{version}}, effective {{date}}',
    termsTitle: 'Terms of service',
    privacyTitle: 'Privacy policy',
    contents: 'Contents',
    openPage: 'Open as a page',
    related: 'See also: ',
    loadFailed: 'The text could not be loaded. Please try again later.',
  },
  wallet: walletEn,
  subscriptions: subscriptionsEn,
  nodes: nodesEn,
  public: {
    loginPage: { title: 'Log in' },
  },
  tickets: ticketsEn,
  announcements: announcementsEn,
  help: helpEn,
  site: siteEn,
  search: searchEn,
  dashboard: dashboardEn,
  home: homeEn,
};
