import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Two-factor authentication is not offered yet (product rules §1): the card says so. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="two-factor-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('security.twoFactor')}
          </Title>
          <Badge variant="light" color="gray">
            {t('security.notAvailable')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('security.twoFactorText')}
        </Text>
        <Button variant="default" disabled style={{ alignSelf: 'flex-start' }}>
          {t('security.twoFactorEnable')}
        </Button>
      </Stack>
    </Card>
  );
}
