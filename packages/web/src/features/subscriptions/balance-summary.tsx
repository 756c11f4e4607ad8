import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fenToString } from '@portal/contract';
import { useBalance } from '../../lib/account-queries';
import { toFen, yuan } from '../../lib/money';

export interface BalanceCheck {
  /** null while the balance is unknown (loading or failed). */
  beforeFen: number | null;
  afterFen: number | null;
  shortFen: number;
  loading: boolean;
}

/** The balance before and after paying `price`, and the shortfall when it does not cover it. */
export function useBalanceCheck(price: string | null): BalanceCheck {
  const balance = useBalance();
  const beforeFen = balance.data ? toFen(balance.data.balance) : null;
  const priceFen = price === null ? null : toFen(price);
  const afterFen = beforeFen === null || priceFen === null ? null : beforeFen - priceFen;
  return {
    beforeFen,
    afterFen,
    shortFen: afterFen !== null && afterFen < 0 ? -afterFen : 0,
    loading: balance.isPending,
  };
}

export function SummaryRow({
  label,
  value,
  testId,
  strong,
  color,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  strong?: boolean;
  color?: string;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} c={color} data-testid={testId} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/** Balance before, balance after (or the shortfall) of a payment; `prefix` names the test ids. */
export function BalanceRows({ check, prefix }: { check: BalanceCheck; prefix: string }) {
  const { t } = useTranslation();
  if (check.loading) return <Loader size="sm" aria-label={t('common.loading')} />;
  const none = t('common.none');
  return (
    <Stack gap={6}>
      <SummaryRow
        label={t('subscriptions.pay.balanceBefore')}
        value={check.beforeFen === null ? none : yuan(fenToString(check.beforeFen))}
        testId={`${prefix}-balance-before`}
      />
      <SummaryRow
        label={t('subscriptions.pay.balanceAfter')}
        value={check.afterFen === null ? none : yuan(fenToString(Math.max(check.afterFen, 0)))}
        testId={`${prefix}-balance-after`}
      />
      {check.shortFen > 0 && (
        <SummaryRow
          label={t('subscriptions.pay.shortfall')}
          value={yuan(fenToString(check.shortFen))}
          testId={`${prefix}-shortfall`}
          color="red"
          strong
        />
      )}
    </Stack>
  );
}

/** Instead of the confirm button when the balance is short: the way to /recharge. */
export function RechargeButton({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/recharge" color="orange" data-testid={`${prefix}-recharge`}>
      {t('subscriptions.pay.goRecharge')}
    </Button>
  );
}

/** The insufficient-balance message (40203 or a short balance known beforehand). */
export function InsufficientNotice() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      {t('subscriptions.pay.insufficient')}
    </Alert>
  );
}
