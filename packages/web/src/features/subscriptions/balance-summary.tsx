import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
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
  size = 'sm',
}: {
  label: string;
  value: ReactNode;
  testId?: string;
  strong?: boolean;
  color?: string;
  /** `xs` for the rows that detail the one above. */
  size?: 'sm' | 'xs';
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={size} c="dimmed">
        {label}
      </Text>
      <Text size={size} fw={strong ? 700 : 500} c={color} data-testid={testId} ta="right">
        {value}
      </Text>
    </Group>
  );
}

/**
 * Balance before and after a payment, or, when the balance does not cover it, the shortfall instead of the balance
 * after (there is no "after": the payment cannot happen); `prefix` names the test ids.
 */
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
      {check.shortFen > 0 ? (
        <SummaryRow
          label={t('subscriptions.pay.shortfall')}
          value={yuan(fenToString(check.shortFen))}
          testId={`${prefix}-shortfall`}
          color="red"
          strong
        />
      ) : (
        <SummaryRow
          label={t('subscriptions.pay.balanceAfter')}
          value={check.afterFen === null ? none : yuan(fenToString(check.afterFen))}
          testId={`${prefix}-balance-after`}
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

/**
 * The insufficient-balance message (40203 or a short balance known beforehand): how much is missing when known,
 * so the customer knows what to top up.
 */
export function InsufficientNotice({ shortFen = 0 }: { shortFen?: number }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      data-testid="insufficient-notice"
    >
      {shortFen > 0
        ? t('subscriptions.pay.insufficientBy', { amount: yuan(fenToString(shortFen)) })
        : t('subscriptions.pay.insufficient')}
    </Alert>
  );
}
