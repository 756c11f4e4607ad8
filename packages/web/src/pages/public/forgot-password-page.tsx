import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { ForgotPasswordForm } from '../../features/auth';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="sm" p="xl" maw={440} mx="auto" mt="xl">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {t('forgot.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('forgot.subtitle')}
          </Text>
        </div>
        <ForgotPasswordForm />
      </Stack>
    </Paper>
  );
}
