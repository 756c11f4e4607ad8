import { Badge, Button, Card, Group, Loader, Stack, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { ANNOUNCEMENT_CATEGORIES, ANNOUNCEMENT_PAGE_SIZE, ANNOUNCEMENT_PRIORITIES } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { ListPagination } from '../../components/list-pagination';
import type { AnnouncementsQuery } from './api';
import { useAnnouncements, useUnreadCount } from './api';
import type { AnnouncementFilterValues } from './announcement-filters';
import { AnnouncementFilters } from './announcement-filters';
import { AnnouncementList } from './announcement-list';
import { AnnouncementDetailModal } from './detail-modal';
import { ListState } from '../../components/list-state';
import { positiveInt, useUrlState } from '../../lib/url-state';

const FILTER_KEYS = ['category', 'priority', 'unread'] as const;

function oneOf(value: string | null, allowed: readonly number[]): number | null {
  if (value === null || !/^\d$/.test(value)) return null;
  const n = Number(value);
  return allowed.includes(n) ? n : null;
}

/** The filters, page and open announcement as the URL says (?id= links straight to one). */
function readParams(params: URLSearchParams) {
  const filters: AnnouncementFilterValues = {
    category: oneOf(params.get('category'), ANNOUNCEMENT_CATEGORIES),
    priority: oneOf(params.get('priority'), ANNOUNCEMENT_PRIORITIES),
    unreadOnly: params.get('unread') === '1',
  };
  return { filters, page: positiveInt(params.get('page')) ?? 1, openId: positiveInt(params.get('id')) };
}

/** /announcements: filters, the list (unread highlighted), pages of 20, the detail in a modal. */
export function AnnouncementsCenter() {
  const { t } = useTranslation();
  const { params, update, setPage } = useUrlState();
  const { filters, page, openId } = readParams(params);
  const query: AnnouncementsQuery = {
    page,
    size: ANNOUNCEMENT_PAGE_SIZE,
    category: filters.category ?? undefined,
    priority: filters.priority ?? undefined,
    unread_only: filters.unreadOnly ? 'true' : undefined,
  };
  const list = useAnnouncements(query);
  const unread = useUnreadCount();
  const filtered = filters.category !== null || filters.priority !== null || filters.unreadOnly;
  /** Only the unread filter, on the first page: "you have read everything" rather than "nothing matches". */
  const onlyUnread =
    filters.unreadOnly && filters.category === null && filters.priority === null && page === 1;
  const items = list.data?.items ?? [];

  const setFilters = (values: AnnouncementFilterValues) =>
    update((next) => {
      if (values.category !== null) next.set('category', String(values.category));
      else next.delete('category');
      if (values.priority !== null) next.set('priority', String(values.priority));
      else next.delete('priority');
      if (values.unreadOnly) next.set('unread', '1');
      else next.delete('unread');
      next.delete('page');
    });
  const resetFilters = () =>
    update((next) => {
      for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
    });
  const open = (id: number) => update((next) => next.set('id', String(id)));
  const close = () => update((next) => next.delete('id'));

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4">
              {t('announcements.list.title')}
            </Title>
            {list.isFetching && !list.isPending && <Loader size="xs" aria-label={t('common.loading')} />}
          </Group>
          {unread !== null && unread > 0 && (
            <Badge variant="light" color="red" data-testid="announcements-unread-total">
              {t('announcements.list.unreadTotal', { count: unread })}
            </Badge>
          )}
        </Group>
        <AnnouncementFilters values={filters} onChange={setFilters} onReset={resetFilters} />
        <ListState
          query={list}
          empty={items.length === 0}
          failedText={t('announcements.loadFailed')}
          testId="announcements"
          emptyState={
            filtered || page > 1 ? (
              <EmptyPage
                icon={<IconSpeakerphone size={32} aria-hidden />}
                title={t(
                  onlyUnread ? 'announcements.empty.unreadTitle' : 'announcements.empty.filteredTitle',
                )}
                description={t(
                  onlyUnread ? 'announcements.empty.unreadText' : 'announcements.empty.filteredText',
                )}
              >
                <Button
                  variant="light"
                  mt="md"
                  onClick={resetFilters}
                  data-testid="announcements-empty-reset"
                >
                  {t('announcements.filters.reset')}
                </Button>
              </EmptyPage>
            ) : (
              <EmptyPage
                icon={<IconSpeakerphone size={32} aria-hidden />}
                title={t('announcements.empty.title')}
                description={t('announcements.empty.text')}
              />
            )
          }
        />
        {items.length > 0 && <AnnouncementList items={items} onOpen={open} />}
        {list.data && (
          <ListPagination
            page={list.data.page}
            pages={list.data.pages}
            total={list.data.total}
            onChange={setPage}
          />
        )}
      </Stack>
      {openId !== null && (
        <AnnouncementDetailModal
          key={openId}
          id={openId}
          listed={items.find((a) => a.id === openId)}
          onClose={close}
        />
      )}
    </Card>
  );
}
