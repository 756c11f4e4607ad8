import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { rechargeApi } from '@portal/contract';
import type { UsdtSettings, UsdtSettingsInput } from '@portal/contract/admin';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useSaveUsdtSettings, useUsdtSettings } from '../api';
import { PageTitle } from './page-title';

type Draft = Omit<UsdtSettingsInput, 'networks'> & {
  networks: Record<keyof UsdtSettingsInput['networks'], { address: string; confirmations: number | string }>;
};

function draftOf(s: UsdtSettings): Draft {
  const net = (n: keyof UsdtSettings['networks']) => ({
    address: s.networks[n].address ?? '',
    confirmations: s.networks[n].confirmations,
  });
  return {
    rate: s.rate,
    min_amount: s.min_amount,
    max_amount: s.max_amount,
    window_minutes: s.window_minutes,
    networks: { TRC20: net('TRC20'), ERC20: net('ERC20'), BEP20: net('BEP20') },
  };
}

/** USDT payment settings: rate, limits, window, each network's address and confirmations; audited. */
export function PaymentsPage() {
  const { t } = useTranslation('admin');
  const settings = useUsdtSettings();
  if (settings.isError)
    return (
      <Alert color="red" role="alert">
        {t('common.loadFailed', { message: settings.error.message })}
      </Alert>
    );
  if (!settings.data) return <PageTitle title={t('nav.payments')} intro={t('payments.intro')} />;
  // A new form for each saved version: the draft starts from what is in force.
  return <SettingsForm key={settings.data.updated_at ?? 'environment'} data={settings.data} />;
}

function SettingsForm({ data }: { data: UsdtSettings }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const save = useSaveUsdtSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(data));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const net = (n: keyof Draft['networks']) => ({
      address: draft.networks[n].address.trim() || null,
      confirmations: Number(draft.networks[n].confirmations),
    });
    save.mutate(
      {
        body: {
          rate: draft.rate.trim(),
          min_amount: draft.min_amount.trim(),
          max_amount: draft.max_amount.trim(),
          window_minutes: Number(draft.window_minutes),
          networks: { TRC20: net('TRC20'), ERC20: net('ERC20'), BEP20: net('BEP20') },
        },
      },
      {
        onSuccess: () => notify.success(t('common.saved')),
        onError: (error) => notify.error(t('common.failed', { message: error.message })),
      },
    );
  };

  return (
    <>
      <PageTitle title={t('nav.payments')} intro={t('payments.intro')} />
      <form onSubmit={submit} aria-label={t('nav.payments')}>
        <Stack gap="md" maw={880}>
          <Text size="sm" c="dimmed" data-testid="payments-source">
            {data.source === 'database'
              ? t('payments.source.database', { date: formatDateTime(data.updated_at, locale) })
              : t('payments.source.environment')}
          </Text>
          <Card withBorder radius="md" padding="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('payments.rate')}
                inputMode="decimal"
                value={draft.rate}
                onChange={(e) => setDraft({ ...draft, rate: e.currentTarget.value })}
                required
              />
              <TextInput
                label={t('payments.window')}
                inputMode="numeric"
                value={String(draft.window_minutes)}
                onChange={(e) =>
                  setDraft({ ...draft, window_minutes: Number(e.currentTarget.value.replace(/\D/g, '')) })
                }
                required
              />
              <TextInput
                label={t('payments.min')}
                inputMode="decimal"
                value={draft.min_amount}
                onChange={(e) => setDraft({ ...draft, min_amount: e.currentTarget.value })}
                required
              />
              <TextInput
                label={t('payments.max')}
                inputMode="decimal"
                value={draft.max_amount}
                onChange={(e) => setDraft({ ...draft, max_amount: e.currentTarget.value })}
                required
              />
            </SimpleGrid>
          </Card>
          {rechargeApi.NETWORKS.map((n) => (
            <Card key={n} withBorder radius="md" padding="md">
              <Title order={2} size="h5" mb="xs">
                {n}
              </Title>
              {!data.networks[n].readable && (
                <Alert color="yellow" variant="light" p="xs" mb="xs">
                  <Text size="xs">{t('payments.notReadable')}</Text>
                </Alert>
              )}
              {/* The address takes the row (a whole one on a phone); the confirmations sit beside it or below. Top
                  aligned: the address's hint sits under its box. */}
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextInput
                  label={t('payments.address')}
                  description={t('payments.addressHint')}
                  value={draft.networks[n].address}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      networks: {
                        ...draft.networks,
                        [n]: { ...draft.networks[n], address: e.currentTarget.value },
                      },
                    })
                  }
                  maxLength={64}
                  style={{ flex: '1 1 300px', minWidth: 0 }}
                />
                <TextInput
                  label={t('payments.confirmations')}
                  inputMode="numeric"
                  value={String(draft.networks[n].confirmations)}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      networks: {
                        ...draft.networks,
                        [n]: {
                          ...draft.networks[n],
                          confirmations: e.currentTarget.value.replace(/\D/g, ''),
                        },
                      },
                    })
                  }
                  w={160}
                />
              </Group>
            </Card>
          ))}
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="payments-save">
              {t('payments.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
