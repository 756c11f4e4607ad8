import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
  return (
    <Alert color="red" role="alert" data-testid="site-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('site.loadFailed')}</Text>
        {error.message && (
          <Text size="xs" c="dimmed">
            {error.message}
          </Text>
        )}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
