import { Button, Group, Text } from '@mantine/core';
import { IconCreditCard, IconWallet } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { LoadError } from '../../components/load-error';
import { useBalance } from '../../lib/account-queries';
import { yuan } from '../../lib/money';
import { CardSkeleton, DashboardCard } from './dashboard-card';

/** The balance (the sidebar's cache entry) and the way to add to it. */
export function BalanceCard() {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <DashboardCard
      testId="dashboard-balance"
      title={t('dashboard.balance.title')}
      icon={<IconWallet size={20} />}
      color="teal"
      link={{ to: '/finance', label: t('dashboard.balance.wallet') }}
    >
      {balance.isPending && <CardSkeleton lines={1} />}
      {balance.isError && (
        <LoadError
          message={t('dashboard.balance.loadFailed')}
          detail={balance.error.message}
          onRetry={() => void balance.refetch()}
          testId="dashboard-balance"
        />
      )}
      {balance.isSuccess && (
        <Text
          fz={32}
          fw={700}
          lh={1.2}
          data-testid="dashboard-balance-value"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {yuan(balance.data.balance)}
        </Text>
      )}
      {/* What the balance is for does not wait for the figure. */}
      {!balance.isError && (
        <Text size="sm" c="dimmed">
          {t('dashboard.balance.text')}
        </Text>
      )}
      <Group mt="auto">
        <Button
          component={Link}
          to="/recharge"
          size="sm"
          leftSection={<IconCreditCard size={16} aria-hidden />}
          data-testid="dashboard-recharge"
        >
          {t('dashboard.balance.recharge')}
        </Button>
      </Group>
    </DashboardCard>
  );
}
