import { Group, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { LoadError } from './load-error';

/** What the list state needs of a TanStack query. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

interface ListStateProps {
  query: ListQuery;
  /** The loaded list has nothing to show (on this page, with these filters). */
  empty: boolean;
  /** What is shown then: usually an EmptyPage, with a way out when filters are in force. */
  emptyState: ReactNode;
  /** What failed, in the user's language; the server's own words go under it. */
  failedText: string;
  /** `<testId>-error` on the alert, `<testId>-retry` on its button. */
  testId: string;
}

/**
 * Everything a list shows instead of its rows: a loader on the first load, the failure with a retry, or the empty
 * state. Renders nothing once there are rows to show.
 */
export function ListState({ query, empty, emptyState, failedText, testId }: ListStateProps) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Group justify="center" py="lg">
        <Loader aria-label={t('common.loading')} />
      </Group>
    );
  if (query.isError)
    return (
      <LoadError
        message={failedText}
        detail={query.error?.message}
        onRetry={() => void query.refetch()}
        testId={testId}
      />
    );
  return empty ? emptyState : null;
}
