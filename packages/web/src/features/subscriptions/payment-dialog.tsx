import { Button, Divider, Group, Modal, Stack } from '@mantine/core';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ERRORS } from '@portal/contract';
import type { ApiError } from '../../lib/api-error';
import { FormErrorAlert } from '../../components/form-error-alert';
import { yuan } from '../../lib/money';
import {
  BalanceRows,
  InsufficientNotice,
  RechargeButton,
  SummaryRow,
  useBalanceCheck,
} from './balance-summary';
import { newIdempotencyKey } from './format';

interface PaymentDialogProps {
  title: string;
  /** What is bought (package, period, traffic…), above the money rows. */
  summary: ReactNode;
  /** null while it is still loading. */
  price: string | null;
  /** Why this cannot be paid (package no longer on sale…): shown instead of the confirm button. */
  blocked?: string | null;
  confirmLabel: string;
  /** Names the test ids: `${prefix}-confirm` (the dialog), `-price`, `-balance-after`, `-ok`, `-recharge`. */
  prefix: string;
  pending: boolean;
  /** Pays with the dialog's idempotency key; resolves when the server answered. */
  onConfirm: (idempotencyKey: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A payment from the balance (purchase, renewal): price, balance before and after, and either the confirm button
 * or, when the balance is short, the shortfall and the way to /recharge. Mounted once per opening, so each
 * opening has its own idempotency key and a double click pays once.
 */
export function PaymentDialog({
  title,
  summary,
  price,
  blocked = null,
  confirmLabel,
  prefix,
  pending,
  onConfirm,
  onClose,
}: PaymentDialogProps) {
  const { t } = useTranslation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const check = useBalanceCheck(price);
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverShort, setServerShort] = useState(false);
  const short = serverShort || check.shortFen > 0;

  const confirm = () => {
    if (inFlight.current || price === null || blocked) return;
    inFlight.current = true;
    setFailure(null);
    onConfirm(idempotencyKey)
      .catch((error: ApiError) => {
        if (error.code === ERRORS.INSUFFICIENT_BALANCE.code) setServerShort(true);
        else setFailure(error.message || t('subscriptions.pay.failed'));
      })
      .finally(() => {
        inFlight.current = false;
      });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid={`${prefix}-confirm`}
    >
      <Stack gap="md">
        {summary}
        <Divider />
        <Stack gap={6}>
          <SummaryRow
            label={t('subscriptions.pay.price')}
            value={price === null ? t('common.none') : yuan(price)}
            testId={`${prefix}-price`}
            strong
          />
          <BalanceRows check={check} prefix={prefix} />
        </Stack>
        {short && !blocked && <InsufficientNotice shortFen={check.shortFen} />}
        <FormErrorAlert message={blocked ?? failure} testId={`${prefix}-error`} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {blocked ? null : short ? (
            <RechargeButton prefix={prefix} />
          ) : (
            <Button
              onClick={confirm}
              loading={pending}
              disabled={check.loading || price === null}
              data-testid={`${prefix}-ok`}
            >
              {confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
