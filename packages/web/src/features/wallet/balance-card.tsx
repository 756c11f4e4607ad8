import { Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconReceipt, IconTicket } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { useBalance } from '../../lib/account-queries';
import { signedYuan, toFen, yuan } from '../../lib/money';
import { BALANCE_HISTORY_DAYS, useBalanceHistory } from './api';

/**
 * How much the balance moved over the chart's days, its last day against its first, in fen: 'pending' while the
 * history loads, null when it cannot tell (no history, or it failed to load).
 */
function useBalanceChange(): number | null | 'pending' {
  const history = useBalanceHistory();
  if (history.isPending) return 'pending';
  const points = history.data ?? [];
  const first = points.at(0);
  const last = points.at(-1);
  if (!first || !last) return null;
  const from = toFen(first.balance);
  const to = toFen(last.balance);
  return from === null || to === null ? null : to - from;
}

function ChangeFigure({ change }: { change: number | null | 'pending' }) {
  if (change === 'pending') return <Skeleton height={14} width={72} />;
  if (change === null) return <Text size="sm">—</Text>;
  return (
    <Text
      size="sm"
      fw={600}
      c={change > 0 ? 'teal' : change < 0 ? 'red' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {signedYuan(change / 100)}
    </Text>
  );
}

/** The balance in ¥, the ways to add to it and, at the foot, how it moved over the chart's days. */
export function BalanceCard() {
  const { t } = useTranslation();
  const balance = useBalance();
  const change = useBalanceChange();
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      {/* The buttons follow the text; the month's change sits at the foot, level with the chart's axis beside it. */}
      <Stack gap="lg" h="100%">
        <div>
          <Title order={2} size="h5" c="dimmed" fw={500} id="wallet-balance-title">
            {t('wallet.balance.title')}
          </Title>
          {balance.isPending ? (
            // The figure's exact height (36 px at line height 1.2): the text under it does not move when it arrives.
            <Skeleton height={36 * 1.2} width={180} />
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
        {/* Three in a row where the card has room, else one under the other at full width (a container query):
            on a phone the third wrapped alone onto a second line. */}
        <SimpleGrid type="container" cols={{ base: 1, '460px': 3 }} spacing="xs">
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
        </SimpleGrid>
        {/* Always there (a skeleton while loading): the chart below it on phones does not move. */}
        <Stack gap="sm" mt="auto">
          <Divider />
          <Group justify="space-between" gap="xs" mih={22} data-testid="finance-balance-change">
            <Text size="sm" c="dimmed">
              {t('wallet.balance.change', { days: BALANCE_HISTORY_DAYS })}
            </Text>
            <ChangeFigure change={change} />
          </Group>
        </Stack>
      </Stack>
    </Card>
  );
}
