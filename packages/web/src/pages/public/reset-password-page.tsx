import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from '../../lib/router';
import { ResultPanel } from '../../components/result-panel';
import { ResetPasswordForm } from '../../features/auth';

/** /reset-password?token=…: the link of the reset mail. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  if (!token) {
    return (
      <ResultPanel
        testId="reset-invalid"
        state="invalid"
        color="red"
        icon={<IconLinkOff size={32} aria-hidden />}
        title={t('reset.invalidTitle')}
        message={t('reset.invalidText')}
        actions={
          <Button component={Link} to="/forgot-password">
            {t('reset.requestAgain')}
          </Button>
        }
      />
    );
  }

  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" mt="xl">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {t('reset.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('reset.subtitle')}
          </Text>
        </div>
        <ResetPasswordForm token={token} />
      </Stack>
    </Paper>
  );
}
