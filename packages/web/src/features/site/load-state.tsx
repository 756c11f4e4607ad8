import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { LoadError } from '../../components/load-error';

export function SiteSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={96} radius="md" />
      <Skeleton height={160} radius="md" />
    </Stack>
  );
}

export function SiteError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadError message={t('site.loadFailed')} detail={error.message} onRetry={onRetry} testId="site" />;
}
