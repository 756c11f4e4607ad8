import { Alert, Button, Group, Input, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { fenToString, moneyAmountSchema } from '@portal/contract';
import type { Network, Topup } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { currentLocale, translateValidation } from '../../i18n/i18n';
import { formatDecimal } from '../../lib/format-number';
import { useCreateUsdtOrder, useExchangeRates, useRechargeConfigs } from './api';
import { creditedFen, toFen, yuan } from '../../lib/money';

/** Network (with the confirmations it needs), amount in USDT within the configured limits, the CNY it credits. */
export function UsdtOrderForm({
  onCreated,
  onUseCode,
}: {
  onCreated: (order: Topup) => void;
  /** Switch to the top-up code (offered when USDT is not). */
  onUseCode: () => void;
}) {
  const { t } = useTranslation();
  const configs = useRechargeConfigs();
  const rates = useExchangeRates();
  const create = useCreateUsdtOrder();
  const [chosen, setChosen] = useState<Network | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  if (configs.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (configs.isError)
    return (
      <Alert color="red" role="alert">
        {configs.error.message || t('common.loadFailed')}
      </Alert>
    );

  const { networks, min_amount: min, max_amount: max } = configs.data;
  if (networks.length === 0)
    return (
      <Alert color="blue" data-testid="usdt-no-networks" title={t('wallet.recharge.noNetworksTitle')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('wallet.recharge.noNetworks')}</Text>
          <Group gap="xs">
            <Button size="xs" onClick={onUseCode} data-testid="usdt-use-code">
              {t('wallet.recharge.useCode')}
            </Button>
            <Button size="xs" variant="default" component={Link} to="/contact">
              {t('wallet.recharge.contactSupport')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  const network = networks.find((n) => n.network === chosen) ?? networks[0]!;
  // The limits as the interface writes numbers: "10", "10,000" (grouped, no trailing zeros).
  const minText = formatDecimal(Number(min), currentLocale());
  const maxText = formatDecimal(Number(max), currentLocale());
  const rate = rates.data?.usdt_cny;
  const credit = rate ? creditedFen(amount, rate) : null;

  const validate = (value: string): string | undefined => {
    const parsed = moneyAmountSchema.safeParse(value);
    if (!parsed.success) return translateValidation(parsed.error.issues[0]?.message);
    const fen = toFen(parsed.data);
    const minFen = toFen(min);
    const maxFen = toFen(max);
    if (fen !== null && minFen !== null && fen < minFen)
      return t('wallet.recharge.amountMin', { min: minText });
    if (fen !== null && maxFen !== null && maxFen > 0 && fen > maxFen)
      return t('wallet.recharge.amountMax', { max: maxText });
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const error = validate(amount);
    setAmountError(error);
    if (error) return;
    setFailure(null);
    try {
      const fen = toFen(amount) ?? 0;
      const order = await create.mutateAsync({
        body: { amount: fenToString(fen), network: network.network },
      });
      onCreated(order);
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : t('wallet.recharge.createFailed'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('wallet.recharge.tabUsdt')}>
      <Stack gap="md" maw={520}>
        <Text size="sm" c="dimmed">
          {networks.length === 1 ? t('wallet.recharge.introOne') : t('wallet.recharge.intro')}
        </Text>
        <FormErrorAlert message={failure} testId="usdt-error" />
        <div>
          <Input.Label labelElement="div" display="block" id="usdt-network-label" mb={4}>
            {networks.length === 1 ? t('wallet.recharge.networkOne') : t('wallet.recharge.network')}
          </Input.Label>
          {networks.length === 1 ? (
            // One network open: it is said, not offered as a choice of one.
            <Text fw={600} data-testid={`usdt-network-${network.network}`}>
              {network.network}
            </Text>
          ) : (
            <SegmentedControl
              fullWidth
              aria-labelledby="usdt-network-label"
              value={network.network}
              onChange={(value) => setChosen(value as Network)}
              data={networks.map((n) => ({
                value: n.network,
                label: <span data-testid={`usdt-network-${n.network}`}>{n.network}</span>,
              }))}
            />
          )}
          <Text size="xs" c="dimmed" mt={4} data-testid="usdt-network-info">
            {t(`wallet.networks.${network.network}`)} ·{' '}
            {t('wallet.recharge.confirmationsNeeded', { count: network.confirmations })}
          </Text>
        </div>
        <TextInput
          label={t('wallet.recharge.amount')}
          description={t('wallet.recharge.amountHint', { min: minText, max: maxText })}
          inputMode="decimal"
          autoComplete="off"
          required
          // No placeholder figure (it read as a value already typed); the unit sits at the field's end.
          rightSection={
            <Text size="xs" c="dimmed" aria-hidden>
              USDT
            </Text>
          }
          rightSectionWidth={52}
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setAmountError(undefined);
          }}
          onBlur={() => amount && setAmountError(validate(amount))}
          error={amountError}
          data-testid="usdt-amount"
        />
        <Group gap="xs" data-testid="usdt-credit">
          {credit !== null && (
            <Text size="sm" fw={500}>
              {t('wallet.recharge.credit', { amount: yuan(credit / 100) })}
            </Text>
          )}
          {rate && (
            <Text size="sm" c="dimmed">
              {t('wallet.recharge.rate', { rate })}
            </Text>
          )}
        </Group>
        <Button
          type="submit"
          loading={create.isPending}
          disabled={!amount.trim() || create.isPending}
          data-testid="usdt-create"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('wallet.recharge.create')}
        </Button>
      </Stack>
    </form>
  );
}
