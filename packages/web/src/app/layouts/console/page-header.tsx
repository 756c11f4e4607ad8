import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from '../../../i18n/translator';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useLocation } from '../../../lib/router';
import { currentLocale } from '../../../i18n/i18n';
import type { Crumb } from '../../console-pages';
import { consoleTrail } from '../../console-pages';
import { announceTicketNumber } from '../../route-title';
import type { FromHelpList } from '../../../features/help';
import { ticketIdOf, useTicketNumber } from '../../../features/tickets';
import { formatToday } from './date-text';
import classes from './page-header.module.css';

/** `ticketNo`: the number a ticket shows itself ("T2026…"), once its page has loaded it. */
function crumbLabel(crumb: Crumb, t: TFunction, ticketNo?: string): string {
  if (crumb.kind === 'page') return t(`nav.${crumb.key}`);
  if (crumb.kind === 'document') return t('console.documentCrumb');
  return ticketNo ? t('console.ticketNumberCrumb', { no: ticketNo }) : t('console.ticketPendingCrumb');
}

/** Where a parent crumb leads: a help document opened from a search goes back to the same search and filters. */
function crumbHref(crumb: Crumb, state: unknown): string {
  const helpList = (state as FromHelpList | null)?.helpList;
  return crumb.kind === 'page' && crumb.key === 'help' && helpList ? `/help?${helpList}` : crumb.path;
}

/**
 * The top of every console page: a breadcrumb where the page is nested (Support > ticket T2026…, Recharge > codes), the
 * page's h1, and today's date, small, beside it on wider screens. A ticket or a help document is its own title: its
 * page draws the h1 (the subject, the document's title) at the head of its card, and the header gives it the
 * breadcrumb and the date only, so the list's name is not the heading of one of its items.
 */
export function PageHeader() {
  const { t } = useTranslation();
  const { pathname, state } = useLocation();
  const trail = consoleTrail(pathname);
  const last = trail.at(-1);
  const titleCrumb = last?.kind === 'page' ? last : trail[0];
  const ticketNo = useTicketNumber(last?.kind === 'ticket' ? ticketIdOf(last.id) : 0);
  // The tab's title names the ticket by the same number.
  useEffect(() => announceTicketNumber(pathname, ticketNo), [pathname, ticketNo]);
  const title = titleCrumb ? crumbLabel(titleCrumb, t) : t('console.notFoundTitle');
  const today = formatToday(new Date(), currentLocale());
  const itemPage = last?.kind === 'ticket' || last?.kind === 'document';
  const todayText = (
    <Text size="xs" c="dimmed" visibleFrom="sm" className={classes.today} data-testid="today" data-now>
      {today}
    </Text>
  );

  const breadcrumb = trail.length > 1 && (
    <Breadcrumbs
      component="nav"
      aria-label={t('console.breadcrumb')}
      separatorMargin={6}
      classNames={{ root: classes.crumbs, breadcrumb: classes.crumb }}
      data-testid="breadcrumb"
    >
      {trail.map((crumb, index) =>
        index < trail.length - 1 ? (
          <Anchor key={crumb.path} component={Link} to={crumbHref(crumb, state)} size="sm">
            {crumbLabel(crumb, t)}
          </Anchor>
        ) : (
          <Text key={crumb.path} size="sm" c="dimmed" aria-current="page" truncate>
            {crumbLabel(crumb, t, ticketNo)}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
  if (itemPage)
    return (
      <Group
        justify="space-between"
        align="baseline"
        gap="xs"
        wrap="nowrap"
        mb="md"
        className={classes.header}
      >
        {breadcrumb}
        {todayText}
      </Group>
    );
  return (
    <Stack gap={4} mb="lg" className={classes.header}>
      {breadcrumb}
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Title order={1} data-testid="page-title" className={classes.title}>
          {title}
        </Title>
        {todayText}
      </Group>
    </Stack>
  );
}
