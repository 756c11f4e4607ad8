import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LOCALES, subscriptionsApi } from '@portal/contract';
import { PACKAGE_LIMITS, packageAdminApi, TRAFFIC_RESETS } from '@portal/contract/admin';
import type { Locale } from '@portal/contract';
import type { AdminPackage, PackageInput, TrafficReset } from '@portal/contract/admin';
import { currentLocale, translateValidation } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { usePhone } from '../../lib/use-phone';
import { useCreatePackage, useNodeGroups, useUpdatePackage } from '../api';
import { ConsoleModal } from '../console-modal';

type PackageType = (typeof subscriptionsApi.PACKAGE_TYPES)[number];
type Num = number | string;

interface Values {
  name: Record<Locale, string>;
  description: Record<Locale, string>;
  type: PackageType;
  validity_days: Num;
  price: string;
  unlimited: boolean;
  traffic_gb: Num;
  device_limit: Num;
  speed_limited: boolean;
  speed_limit_mbps: Num;
  traffic_reset: TrafficReset;
  popular: boolean;
  on_sale: boolean;
  upgrade_targets: string[];
  node_groups: string[];
}

/** The days a cycle usually has; a custom period keeps what was typed. */
const CYCLE_DAYS: Partial<Record<PackageType, number>> = { monthly: 30, quarterly: 90, yearly: 365 };

const texts = (value: string): Record<Locale, string> =>
  Object.fromEntries(LOCALES.map((l) => [l, value])) as Record<Locale, string>;

function initialValues(pkg: AdminPackage | null): Values {
  if (!pkg)
    return {
      name: texts(''),
      description: texts(''),
      type: 'monthly',
      validity_days: 30,
      price: '',
      unlimited: false,
      traffic_gb: 100,
      device_limit: 3,
      speed_limited: false,
      speed_limit_mbps: 100,
      traffic_reset: 'period',
      popular: false,
      on_sale: true,
      upgrade_targets: [],
      node_groups: [],
    };
  return {
    name: { ...pkg.name },
    description: { ...pkg.description },
    type: pkg.type,
    validity_days: pkg.validity_days,
    price: pkg.price,
    unlimited: pkg.traffic_gb === null,
    traffic_gb: pkg.traffic_gb ?? 100,
    device_limit: pkg.device_limit,
    speed_limited: pkg.speed_limit_mbps !== null,
    speed_limit_mbps: pkg.speed_limit_mbps ?? 100,
    traffic_reset: pkg.traffic_reset,
    popular: pkg.popular,
    on_sale: pkg.on_sale,
    upgrade_targets: pkg.upgrade_targets.map(String),
    node_groups: pkg.node_groups.map(String),
  };
}

const num = (value: Num): number | undefined => (value === '' ? undefined : Number(value));

/** The request of the form's values: the contract's schema checks it (here, then on the server). */
function toInput(v: Values): Record<string, unknown> {
  return {
    name: v.name,
    description: v.description,
    type: v.type,
    validity_days: num(v.validity_days),
    price: v.price.trim(),
    traffic_gb: v.unlimited ? null : num(v.traffic_gb),
    device_limit: num(v.device_limit),
    speed_limit_mbps: v.speed_limited ? num(v.speed_limit_mbps) : null,
    traffic_reset: v.traffic_reset,
    popular: v.popular,
    on_sale: v.on_sale,
    upgrade_targets: v.upgrade_targets.map(Number),
    node_groups: v.node_groups.map(Number),
  } satisfies Record<keyof PackageInput, unknown>;
}

/** Field errors by path (`name.en`, `price`), from the schema or from the server's 40004 (`body.price`). */
type Errors = Record<string, string | undefined>;

function serverErrors(data: unknown): Errors {
  const list = (data as { errors?: { field?: string; message?: string }[] } | null)?.errors ?? [];
  return Object.fromEntries(list.map((e) => [String(e.field ?? '').replace(/^body\./, ''), e.message]));
}

export interface PackageFormProps {
  /** The package edited, or null for a new one. */
  pkg: AdminPackage | null;
  packages: AdminPackage[];
  opened: boolean;
  onClose: () => void;
}

/** A package's every setting, in a dialog (full screen on phones): names and descriptions in each language. */
export function PackageForm({ pkg, packages, opened, onClose }: PackageFormProps) {
  const { t } = useTranslation('admin');
  const phone = usePhone();
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const groups = useNodeGroups();
  const [values, setValues] = useState<Values>(() => initialValues(pkg));
  const [errors, setErrors] = useState<Errors>({});
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const set = <K extends keyof Values>(key: K, value: Values[K], path: string = key) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [path]: undefined }));
  };
  const setText = (field: 'name' | 'description', locale: Locale, value: string) => {
    setValues((previous) => ({ ...previous, [field]: { ...previous[field], [locale]: value } }));
    setErrors((previous) => ({ ...previous, [`${field}.${locale}`]: undefined }));
  };
  const error = (path: string) => translateValidation(errors[path]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = packageAdminApi.packageInput.safeParse(toInput(values));
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return;
    }
    const done = {
      onSuccess: (saved: AdminPackage) => {
        notify.success(
          pkg ? t('packages.saved', { name: saved.name[currentLocale()] }) : t('packages.created'),
        );
        onClose();
      },
      onError: (err: Error) => {
        if (isApiError(err) && err.code === 40004) setErrors(serverErrors(err.data));
      },
    };
    if (pkg) update.mutate({ params: { id: pkg.id }, body: parsed.data }, done);
    else create.mutate({ body: parsed.data }, done);
  };

  const targetOptions = packages
    .filter((p) => p.id !== pkg?.id)
    .map((p) => ({ value: String(p.id), label: `#${p.id} ${p.name.en} · ${p.price}` }));

  return (
    <ConsoleModal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={pkg ? t('packages.editTitle', { id: pkg.id }) : t('packages.add')}
    >
      <form onSubmit={submit} noValidate data-testid="package-form">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {LOCALES.map((locale) => (
              <Stack key={locale} gap="xs">
                <TextInput
                  label={t('packages.nameIn', { language: t(`packages.languages.${locale}`) })}
                  value={values.name[locale]}
                  onChange={(e) => setText('name', locale, e.currentTarget.value)}
                  maxLength={PACKAGE_LIMITS.nameMax}
                  required
                  error={error(`name.${locale}`)}
                  data-testid={`package-name-${locale}`}
                />
                <Textarea
                  label={t('packages.descriptionIn', { language: t(`packages.languages.${locale}`) })}
                  value={values.description[locale]}
                  onChange={(e) => setText('description', locale, e.currentTarget.value)}
                  maxLength={PACKAGE_LIMITS.descriptionMax}
                  autosize
                  minRows={2}
                  maxRows={6}
                  error={error(`description.${locale}`)}
                />
              </Stack>
            ))}
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label={t('packages.type')}
              data={subscriptionsApi.PACKAGE_TYPES.map((type) => ({
                value: type,
                label: t(`packages.types.${type}`),
              }))}
              value={values.type}
              onChange={(e) => {
                const type = e.currentTarget.value as PackageType;
                set('type', type);
                const days = CYCLE_DAYS[type];
                if (days) set('validity_days', days);
              }}
              data-testid="package-type"
            />
            <NumberInput
              label={t('packages.validityDays')}
              value={values.validity_days}
              onChange={(value) => set('validity_days', value)}
              min={1}
              max={PACKAGE_LIMITS.validityDaysMax}
              allowDecimal={false}
              required
              error={error('validity_days')}
              data-testid="package-days"
            />
            <TextInput
              label={t('packages.price')}
              leftSection="¥"
              inputMode="decimal"
              value={values.price}
              onChange={(e) => set('price', e.currentTarget.value)}
              required
              error={error('price')}
              data-testid="package-price"
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Stack gap={6}>
              <NumberInput
                label={t('packages.trafficGb')}
                value={values.traffic_gb}
                onChange={(value) => set('traffic_gb', value)}
                min={1}
                max={PACKAGE_LIMITS.trafficGbMax}
                allowDecimal={false}
                disabled={values.unlimited}
                error={error('traffic_gb')}
                data-testid="package-traffic"
              />
              <Checkbox
                label={t('packages.unlimited')}
                checked={values.unlimited}
                onChange={(e) => set('unlimited', e.currentTarget.checked, 'traffic_gb')}
              />
            </Stack>
            <NumberInput
              label={t('packages.devices')}
              value={values.device_limit}
              onChange={(value) => set('device_limit', value)}
              min={1}
              max={PACKAGE_LIMITS.deviceLimitMax}
              allowDecimal={false}
              required
              error={error('device_limit')}
              data-testid="package-devices"
            />
            <Stack gap={6}>
              <NumberInput
                label={t('packages.speedMbps')}
                value={values.speed_limit_mbps}
                onChange={(value) => set('speed_limit_mbps', value)}
                min={1}
                max={PACKAGE_LIMITS.speedLimitMax}
                allowDecimal={false}
                disabled={!values.speed_limited}
                error={error('speed_limit_mbps')}
              />
              <Checkbox
                label={t('packages.speedLimited')}
                checked={values.speed_limited}
                onChange={(e) => set('speed_limited', e.currentTarget.checked, 'speed_limit_mbps')}
              />
            </Stack>
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('packages.reset')}
              description={t(`packages.resetHints.${values.traffic_reset}`)}
              data={TRAFFIC_RESETS.map((reset) => ({ value: reset, label: t(`packages.resets.${reset}`) }))}
              value={values.traffic_reset}
              onChange={(e) => set('traffic_reset', e.currentTarget.value as TrafficReset)}
              data-testid="package-reset"
            />
            <MultiSelect
              label={t('packages.upgradeTargets')}
              description={t('packages.upgradeTargetsHint')}
              data={targetOptions}
              value={values.upgrade_targets}
              onChange={(value) => set('upgrade_targets', value)}
              searchable
              clearable
              maxValues={PACKAGE_LIMITS.upgradeTargetsMax}
              error={error('upgrade_targets')}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>

          <MultiSelect
            label={t('packages.nodeGroups')}
            description={t('packages.nodeGroupsHint')}
            data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={values.node_groups}
            onChange={(value) => set('node_groups', value)}
            searchable
            clearable
            maxValues={PACKAGE_LIMITS.nodeGroupsMax}
            error={error('node_groups')}
            comboboxProps={{ withinPortal: true }}
            data-testid="package-node-groups"
          />

          <Group gap="xl">
            <Switch
              label={t('packages.onSale')}
              checked={values.on_sale}
              onChange={(e) => set('on_sale', e.currentTarget.checked)}
              data-testid="package-on-sale"
            />
            <Switch
              label={t('packages.popular')}
              checked={values.popular}
              onChange={(e) => set('popular', e.currentTarget.checked)}
            />
          </Group>
          {pkg && pkg.orders > 0 && (
            <Text size="sm" c="dimmed">
              {t('packages.priceNote')}
            </Text>
          )}
          {failure && !(isApiError(failure) && failure.code === 40004) && (
            <Alert color="red" role="alert">
              {failure.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('packages.cancel')}
            </Button>
            <Button type="submit" loading={pending} data-testid="package-save">
              {pkg ? t('packages.save') : t('packages.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ConsoleModal>
  );
}
