import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

interface LoadErrorProps {
  /** What failed, in the user's language ("节点加载失败，请稍后重试") */
  message: string;
  /** The server's or the network's own words, shown smaller under it */
  detail?: string | null;
  onRetry: () => void;
  /** `<testId>-error` on the alert, `<testId>-retry` on the button */
  testId: string;
}

/** A failed load: what failed, why if known, and a retry button. */
export function LoadError({ message, detail, onRetry, testId }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" data-testid={`${testId}-error`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {detail && (
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        )}
        <Button size="xs" variant="outline" color="red" onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
