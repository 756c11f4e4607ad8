import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconReceipt, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '../../lib/account-queries';
import { yuan } from '../../lib/money';

/** The balance in ¥ and the ways to add to it. */
export function BalanceCard() {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      {/* The buttons follow the text (no gap in the middle when the chart beside it makes the card taller). */}
      <Stack gap="lg">
        <div>
          <Title order={2} size="h5" c="dimmed" fw={500} id="wallet-balance-title">
            {t('wallet.balance.title')}
          </Title>
          {balance.isPending ? (
            <Skeleton height={40} width={180} mt="xs" />
          ) : (
            <Text
              fz={36}
              fw={700}
              lh={1.2}
              aria-labelledby="wallet-balance-title"
              data-testid="finance-balance"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {yuan(balance.isError ? 0 : balance.data.balance)}
            </Text>
          )}
          <Text size="sm" c="dimmed" mt="xs">
            {t('wallet.balance.text')}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/recharge" leftSection={<IconCreditCard size={16} aria-hidden />}>
            {t('wallet.balance.recharge')}
          </Button>
          <Button
            component={Link}
            to="/recharge/codes"
            variant="light"
            leftSection={<IconTicket size={16} aria-hidden />}
          >
            {t('wallet.balance.codes')}
          </Button>
          <Button
            component={Link}
            to="/recharge/history"
            variant="subtle"
            leftSection={<IconReceipt size={16} aria-hidden />}
          >
            {t('wallet.balance.history')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
