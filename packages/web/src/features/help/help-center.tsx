import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBook } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { HELP_LIMITS, HELP_PLATFORMS } from '@portal/contract';
import type { HelpPlatform } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { ListState } from '../../components/list-state';
import { ListPagination } from '../../components/list-pagination';
import type { DocumentsQuery } from './api';
import { useHelpCategories, useHelpDocuments } from './api';
import { DocumentCard } from './document-card';
import type { HelpFilterValues } from './help-filters';
import { HelpFilters, HelpSearchBox } from './help-filters';
import { positiveInt, useUrlState } from '../../lib/url-state';

export const HELP_PAGE_SIZE = 10;

/** Search, filters and page as the URL says: reload, back and shared links show the same results. */
function readParams(params: URLSearchParams) {
  const platform = params.get('platform');
  return {
    search: (params.get('q') ?? '').trim().slice(0, HELP_LIMITS.searchMax),
    filters: {
      categoryId: positiveInt(params.get('category')),
      platform: HELP_PLATFORMS.includes(platform as HelpPlatform) ? (platform as HelpPlatform) : null,
    } satisfies HelpFilterValues,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** /help: search (debounced, in the URL), category and platform filters, the results page by page. */
export function HelpCenter() {
  const { t } = useTranslation();
  const { params, update, setPage } = useUrlState();
  const { search, filters, page } = readParams(params);

  // The box follows the URL (back/forward) and the URL follows the box once typing pauses.
  const [text, setText] = useState(search);
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (search !== text.trim()) setText(search);
  }
  const [debounced] = useDebouncedValue(text.trim(), HELP_LIMITS.searchDebounceMs);

  const applySearch = (value: string) =>
    update((next) => {
      if (value) next.set('q', value);
      else next.delete('q');
      next.delete('page');
    }, true);

  const searchPaused = useEffectEvent((value: string) => {
    // Only once the pause has caught up with what is typed, and only when it differs from the URL.
    if (value === text.trim() && value !== search) applySearch(value);
  });
  useEffect(() => searchPaused(debounced), [debounced]);

  const categories = useHelpCategories();
  const query: DocumentsQuery = {
    page,
    size: HELP_PAGE_SIZE,
    search: search || undefined,
    category_id: filters.categoryId ?? undefined,
    platform: filters.platform ?? undefined,
  };
  const list = useHelpDocuments(query);
  const data = list.data;
  const filtered = search !== '' || filters.categoryId !== null || filters.platform !== null;

  const setFilters = (values: HelpFilterValues) =>
    update((next) => {
      if (values.categoryId !== null) next.set('category', String(values.categoryId));
      else next.delete('category');
      if (values.platform) next.set('platform', values.platform);
      else next.delete('platform');
      next.delete('page');
    });
  const reset = () => {
    setText('');
    update((next) => {
      for (const key of ['q', 'category', 'platform', 'page']) next.delete(key);
    });
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          {/* The page's h1 (the console header) already says "Help centre". */}
          <Text c="dimmed" size="sm">
            {t('help.lead')}
          </Text>
          <HelpSearchBox value={text} onChange={setText} onSubmit={() => applySearch(text.trim())} />
          <HelpFilters
            values={filters}
            categories={categories.data ?? []}
            active={filtered}
            onChange={setFilters}
            onReset={reset}
          />
        </Stack>
      </Card>

      <Stack gap="sm" aria-live="polite">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h5" data-testid="help-results-title">
            {/* The count of the whole list is the pagination's ("共 22 条"); a search says what it found. */}
            {data && search
              ? t('help.list.results', { query: search, count: data.total })
              : t('help.list.title')}
          </Title>
          {list.isFetching && <Loader size="xs" aria-label={t('common.loading')} />}
        </Group>

        <ListState
          query={list}
          empty={data?.items.length === 0}
          failedText={t('help.loadFailed')}
          testId="help"
          emptyState={
            <EmptyPage
              icon={<IconBook size={32} aria-hidden />}
              title={filtered || page > 1 ? t('help.empty.filteredTitle') : t('help.empty.title')}
              description={filtered || page > 1 ? t('help.empty.filteredText') : t('help.empty.text')}
            >
              {(filtered || page > 1) && (
                <Group justify="center" mt="md" gap="sm">
                  <Button variant="light" onClick={reset} data-testid="help-empty-reset">
                    {t('help.empty.reset')}
                  </Button>
                  <Button variant="default" component={Link} to="/support">
                    {t('help.empty.ticket')}
                  </Button>
                </Group>
              )}
            </EmptyPage>
          }
        />
        {data?.items.map((doc) => (
          <DocumentCard key={doc.id} doc={doc} from={params.toString()} />
        ))}
        {data && <ListPagination page={data.page} pages={data.pages} total={data.total} onChange={setPage} />}
      </Stack>
    </Stack>
  );
}
