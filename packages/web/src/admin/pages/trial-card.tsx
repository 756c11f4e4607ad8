import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { PACKAGE_LIMITS, packageAdminApi } from '@portal/contract/admin';
import type { AdminPackage, TrialSettings } from '@portal/contract/admin';
import { currentLocale, translateValidation } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useSaveTrial, useTrialSettings } from '../api';

type Errors = Record<string, string | undefined>;

/** The form, started from the saved settings (remounted when they change). */
function TrialForm({ saved, packages }: { saved: TrialSettings; packages: AdminPackage[] }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const save = useSaveTrial();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [packageId, setPackageId] = useState(saved.package_id === null ? '' : String(saved.package_id));
  const [days, setDays] = useState<number | string>(saved.days);
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = packageAdminApi.trialSettingsInput.safeParse({
      enabled,
      package_id: packageId ? Number(packageId) : null,
      days: typeof days === 'number' ? days : Number.NaN,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    save.mutate({ body: parsed.data }, { onSuccess: () => notify.success(t('trial.saved')) });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="trial-form">
      <Stack gap="sm">
        <Switch
          label={t('trial.enabled')}
          checked={enabled}
          onChange={(e) => {
            setEnabled(e.currentTarget.checked);
            setErrors({});
          }}
          data-testid="trial-enabled"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('trial.package')}
            description={t('trial.packageHint')}
            value={packageId}
            onChange={(e) => {
              setPackageId(e.currentTarget.value);
              setErrors({ ...errors, package_id: undefined });
            }}
            data={[
              { value: '', label: '—' },
              ...packages.map((p) => ({
                value: String(p.id),
                label: p.on_sale ? p.name[locale] : `${p.name[locale]} (${t('packages.hidden')})`,
              })),
            ]}
            error={translateValidation(errors.package_id)}
            data-testid="trial-package"
          />
          <NumberInput
            label={t('trial.days')}
            description={t('grants.daysHint')}
            value={days}
            onChange={(v) => {
              setDays(v);
              setErrors({ ...errors, days: undefined });
            }}
            min={1}
            max={PACKAGE_LIMITS.validityDaysMax}
            allowDecimal={false}
            error={translateValidation(errors.days)}
            data-testid="trial-days"
          />
        </SimpleGrid>
        {save.error && !(isApiError(save.error) && save.error.code === 40004) && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed" data-testid="trial-granted">
            {t('trial.granted', { count: saved.granted })}
          </Text>
          <Button type="submit" loading={save.isPending} data-testid="trial-save">
            {t('trial.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The trial on the packages page (issue 17 §5): off, or a package (hidden ones too) and its days, given once to each
 * account when it is verified. Read for packages.read, edited with packages.write.
 */
export function TrialCard({ packages, canWrite }: { packages: AdminPackage[]; canWrite: boolean }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const settings = useTrialSettings();
  const loaded = settings.data;
  const nameOf = (s: TrialSettings) => packages.find((p) => p.id === s.package_id)?.name[locale] ?? '—';
  return (
    <Card withBorder radius="md" padding="md" mt="md" data-testid="trial-card">
      <Title order={2} size="h4" mb={4}>
        {t('trial.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('trial.intro')}
      </Text>
      {settings.isError ? (
        <Alert color="red" role="alert">
          {t('trial.loadFailed')}: {settings.error.message}
        </Alert>
      ) : !loaded ? (
        <Loader size="sm" aria-label={t('access.checking')} />
      ) : !canWrite ? (
        <Stack gap={2} data-testid="trial-summary">
          <Text size="sm">
            {loaded.enabled
              ? t('trial.summary', { name: nameOf(loaded), count: loaded.days })
              : t('trial.off')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('trial.granted', { count: loaded.granted })}
          </Text>
        </Stack>
      ) : (
        <TrialForm key={loaded.updated_at ?? 'never'} saved={loaded} packages={packages} />
      )}
    </Card>
  );
}
