import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { ERRORS, fenToString, generateCodesBody, LIMITS, rechargeApi } from '@portal/contract';
import type { EndpointData } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { confirmAction } from '../../lib/confirm';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { useGenerateCodes } from './api';
import { useBalance } from '../../lib/account-queries';
import { toFen, totalFen, yuan } from '../../lib/money';

export type GeneratedBatch = EndpointData<typeof rechargeApi.generateCodes>;

const MAX_FEN = toFen(rechargeApi.MAX_CODE_AMOUNT) ?? 0;

/** Quantity (1-100) x amount (up to ¥10,000.00), confirmed with the total and the balance after. */
export function CodesGenerateForm({ onGenerated }: { onGenerated: (batch: GeneratedBatch) => void }) {
  const { t } = useTranslation();
  const balance = useBalance();
  const generate = useGenerateCodes();
  const form = useZodForm(generateCodesBody, { quantity: '1', amount: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [insufficient, setInsufficient] = useState(false);
  const quantity = Number(form.values.quantity);
  const previewFen = totalFen(quantity, form.values.amount);
  const maxLabel = yuan(rechargeApi.MAX_CODE_AMOUNT);

  const run = (body: { quantity: number; amount: string }) => {
    setFailure(null);
    setInsufficient(false);
    generate.mutate(
      { body },
      {
        onSuccess: (batch) => {
          notify.success(t('wallet.codes.generated', { count: batch.codes.length }));
          onGenerated(batch);
        },
        onError: (error) => {
          setInsufficient(error.code === ERRORS.INSUFFICIENT_BALANCE.code);
          setFailure(error.message || t('wallet.codes.generateFailed'));
        },
      },
    );
  };

  const submit = form.handleSubmit((data) => {
    const amountFen = toFen(data.amount) ?? 0;
    if (amountFen > MAX_FEN) {
      form.setFieldErrors({ amount: t('wallet.codes.amountMax', { max: maxLabel }) });
      return;
    }
    const total = amountFen * data.quantity;
    const balanceFen = balance.data ? toFen(balance.data.balance) : null;
    if (balanceFen !== null && balanceFen < total) {
      setInsufficient(true);
      setFailure(t(`errors.${ERRORS.INSUFFICIENT_BALANCE.code}`));
      return;
    }
    setFailure(null);
    setInsufficient(false);
    confirmAction({
      title: t('wallet.codes.confirmTitle'),
      message: t('wallet.codes.confirmText', {
        quantity: data.quantity,
        amount: yuan(data.amount),
        total: yuan(fenToString(total)),
        after: balanceFen === null ? t('common.none') : yuan(fenToString(balanceFen - total)),
      }),
      confirmLabel: t('wallet.codes.confirmOk'),
      danger: false,
      onConfirm: () => run({ quantity: data.quantity, amount: fenToString(amountFen) }),
    });
  });

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="codes-generate-title">
            {t('wallet.codes.generateTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('wallet.codes.generateText')}
          </Text>
        </div>
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby="codes-generate-title"
          data-testid="codes-generate-form"
        >
          <Stack gap="sm">
            <FormErrorAlert message={failure} testId="codes-error" />
            {insufficient && (
              <Button
                component={Link}
                to="/recharge"
                variant="light"
                size="xs"
                style={{ alignSelf: 'flex-start' }}
              >
                {t('wallet.balance.recharge')}
              </Button>
            )}
            <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
              <TextInput
                label={t('wallet.codes.quantity')}
                description={t('wallet.codes.quantityHint', {
                  min: LIMITS.codeBatchMin,
                  max: LIMITS.codeBatchMax,
                })}
                inputMode="numeric"
                autoComplete="off"
                required
                miw={160}
                {...form.bind('quantity')}
                data-testid="codes-quantity"
              />
              <TextInput
                label={t('wallet.codes.amount')}
                description={t('wallet.codes.amountHint', { max: maxLabel })}
                inputMode="decimal"
                autoComplete="off"
                required
                miw={160}
                {...form.bind('amount')}
                data-testid="codes-amount"
              />
            </Group>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" fw={500} data-testid="codes-total-preview">
                {previewFen !== null && quantity > 0
                  ? t('wallet.codes.totalPreview', { total: yuan(fenToString(previewFen)) })
                  : ''}
              </Text>
              <Button
                type="submit"
                loading={generate.isPending}
                disabled={!form.values.amount.trim() || !form.values.quantity.trim() || generate.isPending}
                data-testid="codes-generate"
              >
                {t('wallet.codes.generate')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
