import { Alert, Button, Divider, Group, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ERRORS } from '@portal/contract';
import type { Package, Subscription, UpgradeQuote } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { currentLocale } from '../../i18n/i18n';
import type { ApiError } from '../../lib/api-error';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { yuan } from '../../lib/money';
import { useUpgrade, useUpgradePreview } from './api';
import {
  BalanceRows,
  InsufficientNotice,
  RechargeButton,
  SummaryRow,
  useBalanceCheck,
} from './balance-summary';
import { newIdempotencyKey } from './format';

const STALE_QUOTE_REASONS = ['quote_expired', 'quote_changed'];

/** 40309 with data.reason quote_expired / quote_changed: the numbers moved, preview again. */
export function isStaleQuote(error: ApiError): boolean {
  if (error.code !== ERRORS.UPGRADE_NOT_ALLOWED.code) return false;
  const data = error.data as { reason?: unknown } | null;
  return typeof data?.reason === 'string' && STALE_QUOTE_REASONS.includes(data.reason);
}

interface UpgradeDialogProps {
  subscription: Subscription;
  packages: readonly Package[];
  onClose: () => void;
  onUpgraded: (subscription: Subscription) => void;
}

/**
 * Pick a target package, see the server's quote (remaining time value, remaining traffic value, credit, new price,
 * amount due, new end date), confirm. A stale or changed quote is never charged: it is previewed again and the
 * user is told the numbers changed.
 */
export function UpgradeDialog({ subscription, packages, onClose, onUpgraded }: UpgradeDialogProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const preview = useUpgradePreview();
  const upgrade = useUpgrade();
  const [target, setTarget] = useState('');
  const [quote, setQuote] = useState<UpgradeQuote | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverShort, setServerShort] = useState(false);
  const inFlight = useRef(false);
  const check = useBalanceCheck(quote?.amount_due ?? null);
  const short = quote !== null && (serverShort || check.shortFen > 0);

  // The packages the operator named for this one, or else any other on sale.
  const named = packages.find((p) => p.id === subscription.package_id)?.upgrade_targets ?? [];
  const targets = packages.filter(
    (p) => p.id !== subscription.package_id && p.on_sale && (named.length === 0 || named.includes(p.id)),
  );

  const runPreview = (packageId: number, afterStale: boolean) => {
    setFailure(null);
    setServerShort(false);
    if (!afterStale) setChanged(false);
    preview.mutate(
      { body: { subscription_id: subscription.id, package_id: packageId } },
      {
        onSuccess: (next) => {
          setQuote(next);
          // A new quote is a new confirmation: its own key.
          setKey(newIdempotencyKey());
          if (afterStale) setChanged(true);
        },
        onError: (error) => {
          setQuote(null);
          setFailure(error.message || t('subscriptions.upgrade.previewFailed'));
        },
      },
    );
  };

  const choose = (value: string) => {
    setTarget(value);
    setQuote(null);
    if (value) runPreview(Number(value), false);
  };

  const confirm = () => {
    if (!quote || inFlight.current) return;
    if (Date.parse(quote.expires_at) <= Date.now()) {
      runPreview(quote.to_package_id, true);
      return;
    }
    inFlight.current = true;
    setFailure(null);
    upgrade
      .mutateAsync({ body: { quote_id: quote.quote_id, idempotency_key: key } })
      .then((result) => {
        notify.success(t('subscriptions.upgrade.done', { name: result.subscription.package_name }));
        onUpgraded(result.subscription);
      })
      .catch((error: ApiError) => {
        if (isStaleQuote(error)) runPreview(quote.to_package_id, true);
        else if (error.code === ERRORS.INSUFFICIENT_BALANCE.code) setServerShort(true);
        else setFailure(error.message || t('subscriptions.upgrade.failed'));
      })
      .finally(() => {
        inFlight.current = false;
      });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('subscriptions.upgrade.title', { name: subscription.package_name })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="upgrade-preview"
    >
      <Stack gap="md">
        <NativeSelect
          label={t('subscriptions.upgrade.target')}
          value={target}
          onChange={(event) => choose(event.currentTarget.value)}
          data={[
            { value: '', label: t('subscriptions.upgrade.choose'), disabled: true },
            ...targets.map((p) => ({
              value: String(p.id),
              label: `${p.name} · ${yuan(p.price)} / ${t(`subscriptions.period.${p.type}`, { count: p.validity_days })}`,
            })),
          ]}
          disabled={targets.length === 0 || upgrade.isPending}
          data-testid="upgrade-target"
        />
        {targets.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('subscriptions.upgrade.noTargets')}
          </Text>
        )}
        {changed && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            role="status"
            data-testid="upgrade-changed"
          >
            {t('subscriptions.upgrade.changed')}
          </Alert>
        )}
        {preview.isPending && <Loader size="sm" aria-label={t('subscriptions.upgrade.previewing')} />}
        {quote && !preview.isPending && (
          <Stack gap={6} data-testid="upgrade-quote" aria-live="polite">
            <SummaryRow
              label={t('subscriptions.upgrade.newPrice')}
              value={yuan(quote.new_price)}
              testId="upgrade-new-price"
            />
            {/* The credit is money the customer gets: an unsigned amount under its own label, never a red or
                green minus; what it is made of follows in small print. */}
            <SummaryRow
              label={t('subscriptions.upgrade.credit')}
              value={yuan(quote.credit)}
              testId="upgrade-credit"
            />
            <Stack gap={2} pl="sm" data-testid="upgrade-credit-detail">
              <SummaryRow
                label={t('subscriptions.upgrade.timeValue')}
                value={yuan(quote.remaining_time_value)}
                testId="upgrade-time-value"
                size="xs"
              />
              <SummaryRow
                label={t('subscriptions.upgrade.trafficValue')}
                value={
                  quote.remaining_traffic_value === null
                    ? t('subscriptions.upgrade.trafficUnlimited')
                    : yuan(quote.remaining_traffic_value)
                }
                testId="upgrade-traffic-value"
                size="xs"
              />
              <Text size="xs" c="dimmed">
                {t('subscriptions.upgrade.creditRule')}
              </Text>
            </Stack>
            <Divider my={4} />
            <SummaryRow
              label={t('subscriptions.upgrade.due')}
              value={yuan(quote.amount_due)}
              testId="upgrade-due"
              strong
            />
            <SummaryRow
              label={t('subscriptions.upgrade.newEnd')}
              value={formatDate(quote.new_end_at, locale)}
              testId="upgrade-end"
            />
            <Divider my={4} />
            <BalanceRows check={check} prefix="upgrade" />
            <Text size="xs" c="dimmed">
              {t('subscriptions.upgrade.validUntil', { time: formatDateTime(quote.expires_at, locale) })}
            </Text>
          </Stack>
        )}
        {short && <InsufficientNotice shortFen={check.shortFen} />}
        <FormErrorAlert message={failure} testId="upgrade-error" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {short ? (
            <RechargeButton prefix="upgrade" />
          ) : (
            <Button
              onClick={confirm}
              loading={upgrade.isPending}
              disabled={!quote || preview.isPending || check.loading}
              data-testid="upgrade-ok"
            >
              {t('subscriptions.upgrade.ok')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
