import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconInfoCircle } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { USDT } from '@portal/contract';
import type { Topup } from '@portal/contract';
import { confirmAction } from '../../lib/confirm';
import { notify } from '../../lib/notify';
import { useCancelUsdtOrder, useRechargeConfigs, useUsdtOrder } from './api';
import { useRefreshMoney } from '../../lib/account-queries';
import { CopyAction } from '../../components/copy-action';
import { yuan } from '../../lib/money';
import { shorten } from './format';
import { TopupStatusBadge } from './status-badge';
import { formatCountdown, useCountdown } from './use-countdown';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** Amount, address, QR, network, memo, countdown, notes and the cancel button of a pending or paid order. */
function OpenOrder({ order }: { order: Topup }) {
  const { t } = useTranslation();
  const configs = useRechargeConfigs();
  const cancel = useCancelUsdtOrder();
  const remaining = useCountdown(order.expires_at, order.status === 'pending');
  const usdtAmount = order.usdt_amount ?? '';
  const address = order.address ?? '';
  const network = order.network ?? '';
  const minutes = configs.data?.window_minutes ?? USDT.paymentWindowMinutes;
  const required = order.confirmations_required ?? 0;

  const askCancel = () =>
    confirmAction({
      title: t('wallet.payment.cancelConfirmTitle'),
      message: t('wallet.payment.cancelConfirmText'),
      confirmLabel: t('wallet.payment.cancel'),
      onConfirm: () =>
        cancel.mutate(
          { params: { id: order.id } },
          {
            onSuccess: () => notify.success(t('wallet.payment.canceled')),
            onError: (error) => notify.error(error.message || t('wallet.payment.cancelFailed')),
          },
        ),
    });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="sm">
          <Field label={t('wallet.payment.exactAmount')}>
            <Group gap={6} wrap="nowrap" align="center">
              <Text fz={26} fw={700} ff="monospace" data-testid="usdt-exact-amount">
                {usdtAmount}
              </Text>
              <Text fw={600}>USDT</Text>
              <CopyAction
                value={usdtAmount}
                label={t('wallet.payment.exactAmount')}
                testId="usdt-copy-amount"
              />
            </Group>
          </Field>
          <Field label={t('wallet.payment.address')}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="usdt-address">
                {address}
              </Text>
              <CopyAction value={address} label={t('wallet.payment.address')} testId="usdt-copy-address" />
            </Group>
          </Field>
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('wallet.payment.network')}>
              <Text size="sm" fw={500} data-testid="usdt-network">
                {network ? t(`wallet.networks.${network}`) : t('common.none')}
              </Text>
            </Field>
            <Field label={t('wallet.payment.credit')}>
              <Text size="sm" fw={500}>
                {yuan(order.amount)}
              </Text>
            </Field>
          </SimpleGrid>
          {order.memo && (
            <Field label={t('wallet.payment.memo')}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" ff="monospace" data-testid="usdt-memo">
                  {order.memo}
                </Text>
                <CopyAction value={order.memo} label={t('wallet.payment.memo')} />
              </Group>
            </Field>
          )}
        </Stack>
        <Center>
          <Paper p="sm" bg="white" radius="md" withBorder>
            <QRCodeSVG
              value={address}
              size={176}
              marginSize={1}
              title={t('wallet.payment.qr')}
              role="img"
              aria-label={t('wallet.payment.qr')}
              data-testid="usdt-qr"
            />
          </Paper>
        </Center>
      </SimpleGrid>

      {order.status === 'pending' && (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <IconClock size={18} aria-hidden />
            <Text size="sm">{t('wallet.payment.expiresIn')}</Text>
            <Text
              fw={700}
              ff="monospace"
              c={remaining === 0 ? 'red' : undefined}
              role="timer"
              aria-live="off"
              data-testid="usdt-countdown"
            >
              {remaining === null ? t('common.none') : formatCountdown(remaining)}
            </Text>
            {remaining === 0 && (
              <Text size="sm" c="red">
                {t('wallet.payment.expired')}
              </Text>
            )}
          </Group>
          <Group gap="xs">
            <Loader size="xs" type="dots" aria-hidden />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('wallet.payment.waiting')}
            </Text>
          </Group>
        </Group>
      )}

      {order.status === 'paid' && (
        <Stack gap={6} data-testid="usdt-confirmations">
          <Text size="sm" fw={500} aria-live="polite">
            {t('wallet.payment.paid')}
          </Text>
          <Progress
            value={required > 0 ? Math.min(100, (order.confirmations / required) * 100) : 0}
            striped
            animated
            aria-label={t('wallet.payment.confirmations', {
              count: order.confirmations,
              required,
            })}
          />
          <Text size="sm" c="dimmed">
            {t('wallet.payment.confirmations', { count: order.confirmations, required })}
          </Text>
          {order.tx_hash && (
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{t('wallet.payment.txHash')}</Text>
              <Text size="sm" ff="monospace" title={order.tx_hash} data-testid="usdt-tx-hash">
                {shorten(order.tx_hash, 10, 8)}
              </Text>
              <CopyAction value={order.tx_hash} label={t('wallet.payment.txHash')} />
            </Group>
          )}
        </Stack>
      )}

      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        <List size="sm" spacing={4}>
          <List.Item>
            <Text size="sm" fw={600} span>
              {t('wallet.payment.noteExact', { amount: usdtAmount, network })}
            </Text>
          </List.Item>
          <List.Item>{t('wallet.payment.noteWindow', { minutes })}</List.Item>
          <List.Item>{t('wallet.payment.noteArrival')}</List.Item>
          <List.Item>{t('wallet.payment.noteFee')}</List.Item>
        </List>
      </Alert>

      {order.status === 'pending' && (
        <Group>
          <Button
            variant="light"
            color="red"
            onClick={askCancel}
            loading={cancel.isPending}
            data-testid="usdt-cancel"
          >
            {t('wallet.payment.cancel')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const CLOSED_TEXT = {
  timeout: ['wallet.payment.timeoutTitle', 'wallet.payment.timeoutText'],
  canceled: ['wallet.payment.canceledTitle', 'wallet.payment.canceledText'],
  failed: ['wallet.payment.failedTitle', 'wallet.payment.failedText'],
  refunded: ['wallet.payment.refundedTitle', 'wallet.payment.refundedText'],
} as const;

function ClosedOrder({ order, onNewOrder }: { order: Topup; onNewOrder: () => void }) {
  const { t } = useTranslation();
  const actions = (
    <Group gap="sm">
      <Button onClick={onNewOrder} data-testid="usdt-new-order">
        {t('wallet.payment.newOrder')}
      </Button>
      <Anchor component={Link} to="/recharge/history" size="sm">
        {t('wallet.payment.viewHistory')}
      </Anchor>
    </Group>
  );
  if (order.status === 'confirmed')
    return (
      <Stack align="center" ta="center" gap="sm" py="md" data-testid="usdt-success">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconCircleCheck size={32} aria-hidden />
        </ThemeIcon>
        <Title order={3}>{t('wallet.payment.confirmedTitle')}</Title>
        <Text>{t('wallet.payment.confirmedText', { amount: yuan(order.amount) })}</Text>
        {actions}
      </Stack>
    );
  const [title, text] =
    order.status === 'pending' || order.status === 'paid' ? CLOSED_TEXT.failed : CLOSED_TEXT[order.status];
  return (
    <Stack gap="sm">
      <Alert
        color={order.status === 'canceled' ? 'gray' : 'orange'}
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t(title)}
        data-testid="usdt-closed"
      >
        {t(text)}
      </Alert>
      {actions}
    </Stack>
  );
}

interface UsdtPaymentPanelProps {
  orderId: number;
  /** Leave the panel for a fresh order form. */
  onNewOrder: () => void;
}

/** A USDT order, polled every 5 s until confirmed, timed out, canceled or failed. */
export function UsdtPaymentPanel({ orderId, onNewOrder }: UsdtPaymentPanelProps) {
  const { t } = useTranslation();
  const query = useUsdtOrder(orderId);
  const refreshMoney = useRefreshMoney();
  const order = query.data;
  const status = order?.status;
  const previous = useRef(status);

  // The balance moved when the order turns confirmed while we watch it.
  useEffect(() => {
    if (status === 'confirmed' && previous.current !== undefined && previous.current !== 'confirmed') {
      void refreshMoney();
    }
    previous.current = status;
  }, [status, refreshMoney]);

  if (query.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (query.isError || !order)
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert">
          {query.error?.message || t('common.loadFailed')}
        </Alert>
        <Button variant="light" onClick={onNewOrder} style={{ alignSelf: 'flex-start' }}>
          {t('wallet.payment.newOrder')}
        </Button>
      </Stack>
    );

  const open = order.status === 'pending' || order.status === 'paid';
  return (
    <Paper withBorder radius="md" p="lg" data-testid="usdt-payment" data-status={order.status}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4">
              {t('wallet.payment.title')}
            </Title>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('wallet.payment.orderNo')}
              </Text>
              <Text size="sm" ff="monospace" data-testid="usdt-order-no">
                {order.order_no}
              </Text>
            </Group>
          </div>
          <TopupStatusBadge status={order.status} />
        </Group>
        <Divider />
        {open ? <OpenOrder order={order} /> : <ClosedOrder order={order} onNewOrder={onNewOrder} />}
      </Stack>
    </Paper>
  );
}
