/** What the search dialog lists: local pages and quick actions, then the server's groups, as one flat option list. */
import { Badge } from '@mantine/core';
import {
  IconBook,
  IconBuildingStore,
  IconCreditCard,
  IconCurrencyDollar,
  IconDevices,
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconLink,
  IconMail,
  IconMessage,
  IconMessagePlus,
  IconPackage,
  IconQrcode,
  IconReceipt,
  IconReceipt2,
  IconServer2,
  IconShieldLock,
  IconShoppingCart,
  IconSpeakerphone,
  IconTicket,
  IconUser,
  IconWallet,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { TFunction } from '../../i18n/translator';
import type { ReactNode } from 'react';
import type { Locale, SearchResults, SubscriptionStatus, TicketStatus } from '@portal/contract';
import { formatDate } from '../../lib/format-date';
import { yuan } from '../../lib/money';
import { matchTargets, splitKeywords } from './page-matches';
import type { LocalTarget } from './page-matches';
import type { SearchPage } from './types';

export interface SearchOption {
  /** Unique in the list; also the element id stem. */
  id: string;
  path: string;
  icon: Icon;
  color: string;
  label: string;
  description?: string;
  badge?: ReactNode;
  /** Highlight the query in the label (names the user typed a part of). */
  highlight: boolean;
}

export interface SearchGroupView {
  id: string;
  label: string;
  options: SearchOption[];
}

type PageKey = SearchPage['key'];

const PAGE_ICONS: Record<PageKey, Icon> = {
  dashboard: IconLayoutDashboard,
  finance: IconWallet,
  subscription: IconPackage,
  subscriptionHistory: IconHistory,
  subscriptionLink: IconLink,
  nodes: IconServer2,
  support: IconHeadset,
  announcements: IconSpeakerphone,
  help: IconBook,
  contact: IconMail,
  dealer: IconBuildingStore,
  profile: IconUser,
  security: IconShieldLock,
  sessions: IconDevices,
  recharge: IconCreditCard,
  rechargeHistory: IconReceipt2,
  rechargeCodes: IconTicket,
};

/** Quick actions: a page opened in a given state; `page` names it under the action. */
const ACTIONS = [
  { key: 'topUp', page: 'recharge', path: '/recharge', icon: IconCurrencyDollar },
  { key: 'redeemCode', page: 'recharge', path: '/recharge?tab=code', icon: IconTicket },
  { key: 'buy', page: 'subscription', path: '/subscription', icon: IconShoppingCart },
  { key: 'newTicket', page: 'support', path: '/support?new=1', icon: IconMessagePlus },
  { key: 'importLink', page: 'subscriptionLink', path: '/subscription/link', icon: IconQrcode },
] as const satisfies readonly { key: string; page: PageKey; path: string; icon: Icon }[];

/** Shown before anything is typed, with the quick actions (product rules §2: the top bar's suggestions). */
const SUGGESTED: readonly PageKey[] = [
  'dashboard',
  'subscription',
  'subscriptionLink',
  'nodes',
  'support',
  'help',
  'announcements',
];

/** Pages found by typing; the server's groups follow them. */
const PAGE_LIMIT = 6;
const ACTION_LIMIT = 3;

const SUBSCRIPTION_COLORS: Record<SubscriptionStatus, string> = {
  active: 'green',
  expired: 'gray',
  suspended: 'orange',
  upgraded: 'blue',
};

const TICKET_COLORS: Record<TicketStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  resolved: 'green',
  closed: 'gray',
};

type Target = LocalTarget & { icon: Icon; color: string; description: string };

export function pageTargets(pages: readonly SearchPage[], t: TFunction): Target[] {
  return pages.map((page) => ({
    id: `page-${page.key}`,
    path: page.path,
    label: t(`nav.${page.key}`),
    keywords: splitKeywords(t(`search.keywords.${page.key}`)),
    icon: PAGE_ICONS[page.key],
    color: 'blue',
    description: page.path,
  }));
}

export function actionTargets(t: TFunction): Target[] {
  return ACTIONS.map((action) => ({
    id: `action-${action.key}`,
    path: action.path,
    label: t(`search.actions.${action.key}`),
    keywords: splitKeywords(t(`search.actionKeywords.${action.key}`)),
    icon: action.icon,
    color: 'violet',
    description: t(`nav.${action.page}`),
  }));
}

const local = (target: Target, highlight: boolean): SearchOption => ({
  id: target.id,
  path: target.path,
  icon: target.icon,
  color: target.color,
  label: target.label,
  description: target.description,
  highlight,
});

/** Before typing: quick actions and frequent pages. */
export function suggestionGroups(pages: readonly SearchPage[], t: TFunction): SearchGroupView[] {
  const byKey = new Map(pageTargets(pages, t).map((p) => [p.id, p]));
  const suggested = SUGGESTED.map((key) => byKey.get(`page-${key}`)).filter((p): p is Target => !!p);
  return [
    {
      id: 'actions',
      label: t('search.groups.actions'),
      options: actionTargets(t).map((a) => local(a, false)),
    },
    { id: 'suggested', label: t('search.groups.suggested'), options: suggested.map((p) => local(p, false)) },
  ];
}

/** Pages and quick actions matching what is typed, found at once without the server. */
export function localGroups(pages: readonly SearchPage[], query: string, t: TFunction): SearchGroupView[] {
  const matchedPages = matchTargets(pageTargets(pages, t), query, PAGE_LIMIT);
  const matchedActions = matchTargets(actionTargets(t), query, ACTION_LIMIT);
  return [
    { id: 'pages', label: t('search.groups.pages'), options: matchedPages.map((p) => local(p, true)) },
    { id: 'actions', label: t('search.groups.actions'), options: matchedActions.map((a) => local(a, true)) },
  ].filter((g) => g.options.length > 0);
}

/** The server's groups: the user's subscriptions, orders and tickets, and help documents. */
export function serverGroups(results: SearchResults, locale: Locale, t: TFunction): SearchGroupView[] {
  const groups: SearchGroupView[] = [
    {
      id: 'subscriptions',
      label: t('search.groups.subscriptions'),
      options: results.subscriptions.map((s) => ({
        id: `subscription-${s.id}`,
        path: '/subscription?tab=my',
        icon: IconPackage,
        color: 'teal',
        label: s.package_name,
        description: t('search.subscriptionMeta', { id: s.id, date: formatDate(s.end_at, locale) }),
        badge: (
          <Badge variant="light" color={SUBSCRIPTION_COLORS[s.status]} size="sm">
            {t(`subscriptions.status.${s.status}`)}
          </Badge>
        ),
        highlight: true,
      })),
    },
    {
      id: 'orders',
      label: t('search.groups.orders'),
      options: results.orders.map((o) => ({
        id: `order-${o.id}`,
        path: '/subscription/history',
        icon: IconReceipt,
        color: 'cyan',
        label: o.order_no,
        description: t('search.orderMeta', {
          kind: t(`subscriptions.kinds.${o.kind}`),
          package: o.package_name,
          amount: yuan(o.amount),
          date: formatDate(o.created_at, locale),
        }),
        highlight: true,
      })),
    },
    {
      id: 'tickets',
      label: t('search.groups.tickets'),
      options: results.tickets.map((ticket) => ({
        id: `ticket-${ticket.id}`,
        path: `/support/${ticket.id}`,
        icon: IconMessage,
        color: 'orange',
        label: ticket.title,
        description: t('search.ticketMeta', { no: ticket.ticket_no }),
        badge: (
          <Badge variant="light" color={TICKET_COLORS[ticket.status]} size="sm">
            {t(`tickets.status.${ticket.status}`)}
          </Badge>
        ),
        highlight: true,
      })),
    },
    {
      id: 'help',
      label: t('search.groups.help'),
      options: results.help.map((doc) => ({
        id: `help-${doc.id}`,
        path: `/help/${doc.id}`,
        icon: IconBook,
        color: 'grape',
        label: doc.title,
        description: doc.summary ? `${doc.category_name} · ${doc.summary}` : doc.category_name,
        highlight: false,
      })),
    },
  ];
  return groups.filter((g) => g.options.length > 0);
}
