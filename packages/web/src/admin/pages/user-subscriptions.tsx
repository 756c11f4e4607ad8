import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { hasPermission } from '@portal/contract';
import { userAdminApi } from '@portal/contract/admin';
import type { StaffMe, UserDetail } from '@portal/contract/admin';
import { DataList } from '../../components/data-list';
import { SUBSCRIPTION_STATUS_COLORS } from '../../features/subscriptions';
import type { DataColumn } from '../../components/data-list';
import { currentLocale, translateValidation } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/confirm';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { formatTraffic } from '../../lib/package-pricing';
import { usePhone } from '../../lib/use-phone';
import {
  useExtendSubscription,
  useGrantSubscription,
  usePackages,
  useResetSubscriptionLink,
  useResetSubscriptionTraffic,
} from '../api';

type Sub = UserDetail['subscriptions'][number];
type Errors = Record<string, string | undefined>;

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): Errors {
  const next: Errors = {};
  for (const issue of error.issues) next[String(issue.path[0])] ??= issue.message;
  return next;
}

/** Days and a reason, shared by the grant and the extension. */
function DaysAndReason({
  days,
  reason,
  errors,
  onDays,
  onReason,
}: {
  days: number | string;
  reason: string;
  errors: Errors;
  onDays: (v: number | string) => void;
  onReason: (v: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <NumberInput
        label={t('grants.days')}
        description={t('grants.daysHint')}
        value={days}
        onChange={onDays}
        min={1}
        max={userAdminApi.GRANT_DAYS_MAX}
        allowDecimal={false}
        required
        error={translateValidation(errors.days)}
        data-testid="grant-days"
      />
      <Textarea
        label={t('grants.reason')}
        description={t('grants.reasonHint')}
        value={reason}
        onChange={(e) => onReason(e.currentTarget.value)}
        error={translateValidation(errors.reason)}
        maxLength={500}
        autosize
        minRows={2}
        required
        data-testid="grant-reason"
      />
    </>
  );
}

/** A package for some days, free: the package (on sale or hidden), days and a reason. */
function GrantModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const phone = usePhone();
  const packages = usePackages();
  const grant = useGrantSubscription();
  const [packageId, setPackageId] = useState('');
  const [days, setDays] = useState<number | string>(30);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userAdminApi.grantSubscriptionBody.safeParse({
      package_id: packageId ? Number(packageId) : undefined,
      days: typeof days === 'number' ? days : Number.NaN,
      reason,
    });
    if (!parsed.success) return setErrors(issuesOf(parsed.error));
    grant.mutate(
      { params: { id: userId }, body: parsed.data },
      {
        onSuccess: (sub) => {
          notify.success(t('grants.granted', { name: sub.package_name, count: parsed.data.days }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('grants.grantTitle')}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('grants.cancel') }}
    >
      <form onSubmit={submit} noValidate data-testid="grant-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('grants.grantHint')}
          </Text>
          {packages.isError && (
            <Alert color="red" role="alert">
              {t('grants.packagesFailed')}
            </Alert>
          )}
          <NativeSelect
            label={t('grants.package')}
            value={packageId}
            onChange={(e) => {
              setPackageId(e.currentTarget.value);
              setErrors({ ...errors, package_id: undefined });
            }}
            data={[
              { value: '', label: t('grants.choosePackage') },
              ...(packages.data ?? []).map((p) => ({
                value: String(p.id),
                label: p.on_sale ? p.name[locale] : `${p.name[locale]} (${t('packages.hidden')})`,
              })),
            ]}
            required
            error={translateValidation(errors.package_id)}
            data-testid="grant-package"
          />
          <DaysAndReason
            days={days}
            reason={reason}
            errors={errors}
            onDays={(v) => {
              setDays(v);
              setErrors({ ...errors, days: undefined });
            }}
            onReason={(v) => {
              setReason(v);
              setErrors({ ...errors, reason: undefined });
            }}
          />
          {grant.error && !(isApiError(grant.error) && grant.error.code === 40004) && (
            <Alert color="red" role="alert">
              {grant.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('grants.cancel')}
            </Button>
            <Button type="submit" loading={grant.isPending} data-testid="grant-submit">
              {t('grants.grant')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ExtendModal({ userId, sub, onClose }: { userId: number; sub: Sub; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const phone = usePhone();
  const extend = useExtendSubscription();
  const [days, setDays] = useState<number | string>(7);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userAdminApi.extendSubscriptionBody.safeParse({
      days: typeof days === 'number' ? days : Number.NaN,
      reason,
    });
    if (!parsed.success) return setErrors(issuesOf(parsed.error));
    extend.mutate(
      { params: { id: userId, subscription_id: sub.id }, body: parsed.data },
      {
        onSuccess: (next) => {
          notify.success(t('grants.extended', { date: formatDateTime(next.end_at, locale) }));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('grants.extendTitle', { name: sub.package_name })}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('grants.cancel') }}
    >
      <form onSubmit={submit} noValidate data-testid="extend-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('grants.extendHint')}
          </Text>
          <DaysAndReason
            days={days}
            reason={reason}
            errors={errors}
            onDays={(v) => {
              setDays(v);
              setErrors({ ...errors, days: undefined });
            }}
            onReason={(v) => {
              setReason(v);
              setErrors({ ...errors, reason: undefined });
            }}
          />
          {extend.error && !(isApiError(extend.error) && extend.error.code === 40004) && (
            <Alert color="red" role="alert">
              {extend.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('grants.cancel')}
            </Button>
            <Button type="submit" loading={extend.isPending} data-testid="extend-submit">
              {t('grants.extend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The subscriptions card's content on an account's page: the list, the grant button (subscriptions.grant) and, per
 * subscription, extend (subscriptions.grant), reset the link and reset the traffic (users.manage).
 */
export function UserSubscriptions({
  me,
  user,
  subscriptions,
}: {
  me: StaffMe;
  user: UserDetail['user'];
  subscriptions: Sub[];
}) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const resetLink = useResetSubscriptionLink();
  const resetTraffic = useResetSubscriptionTraffic();
  const [granting, setGranting] = useState(false);
  const [extending, setExtending] = useState<Sub | null>(null);
  const can = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(me.role, permission);
  const self = user.id === me.id;
  const canGrant = can('subscriptions.grant') && !self;
  const canManage = can('users.manage');
  const failed = (error: Error) => notify.error(error.message);
  const params = (s: Sub) => ({ id: user.id, subscription_id: s.id });

  const askResetLink = (s: Sub) =>
    confirmAction({
      title: t('grants.resetLinkTitle'),
      message: t('grants.resetLinkMessage', { name: s.package_name }),
      confirmLabel: t('grants.resetLink'),
      onConfirm: () =>
        resetLink.mutate(
          { params: params(s) },
          { onSuccess: () => notify.success(t('grants.linkReset')), onError: failed },
        ),
    });
  const askResetTraffic = (s: Sub) =>
    confirmAction({
      title: t('grants.resetTrafficTitle'),
      message: t('grants.resetTrafficMessage', { name: s.package_name }),
      confirmLabel: t('grants.resetTraffic'),
      danger: false,
      onConfirm: () =>
        resetTraffic.mutate(
          { params: params(s) },
          { onSuccess: () => notify.success(t('grants.trafficReset')), onError: failed },
        ),
    });

  const columns: DataColumn<Sub>[] = [
    { key: 'name', header: t('users.package'), cell: (s) => s.package_name, card: 'title' },
    {
      key: 'status',
      header: t('users.status'),
      // The customer's colours for the same status (My subscriptions).
      cell: (s) => (
        <Badge variant="light" color={SUBSCRIPTION_STATUS_COLORS[s.status]}>
          {t(`users.subStatus.${s.status}`)}
        </Badge>
      ),
      card: 'aside',
    },
    {
      key: 'traffic',
      header: t('users.traffic'),
      cell: (s) =>
        `${formatTraffic(s.traffic_used) ?? '0 B'} / ${s.traffic_limit === null ? t('users.unlimited') : formatTraffic(s.traffic_limit)}`,
    },
    {
      key: 'devices',
      header: t('users.devicesOnline'),
      cell: (s) => `${s.online_devices} / ${s.device_limit}`,
    },
    { key: 'end', header: t('users.ends'), cell: (s) => formatDateTime(s.end_at, locale), nowrap: true },
    // The order number whole on one line: the card's full width on phones, in the numbers' font.
    {
      key: 'order',
      header: t('users.orderNo'),
      cell: (s) =>
        s.order_no ? (
          <Text span size="sm" ff="monospace">
            {s.order_no}
          </Text>
        ) : (
          t('grants.noOrder')
        ),
      card: 'wide',
    },
  ];
  if ((canGrant || canManage) && subscriptions.some((s) => s.status !== 'upgraded'))
    columns.push({
      key: 'actions',
      header: t('grants.actions'),
      card: 'actions',
      cell: (s) =>
        s.status === 'upgraded' ? null : (
          <Group gap={4} wrap="wrap">
            {canGrant && (
              <Button size="xs" variant="light" onClick={() => setExtending(s)} data-testid="sub-extend">
                {t('grants.extend')}
              </Button>
            )}
            {canManage && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => askResetLink(s)}
                disabled={resetLink.isPending}
                data-testid="sub-reset-link"
              >
                {t('grants.resetLink')}
              </Button>
            )}
            {canManage && s.traffic_limit !== null && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => askResetTraffic(s)}
                disabled={resetTraffic.isPending}
                data-testid="sub-reset-traffic"
              >
                {t('grants.resetTraffic')}
              </Button>
            )}
          </Group>
        ),
    });

  return (
    <Stack gap="sm">
      {canGrant && (
        <Group justify="flex-end">
          <Button
            size="xs"
            leftSection={<IconGift size={14} aria-hidden />}
            onClick={() => setGranting(true)}
            data-testid="sub-grant"
          >
            {t('grants.grant')}
          </Button>
        </Group>
      )}
      {subscriptions.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('users.none')}
        </Text>
      ) : (
        <DataList
          rows={subscriptions}
          columns={columns}
          rowKey={(s) => s.id}
          rowAttributes={(s) => ({ 'data-testid': 'user-sub', 'data-status': s.status })}
          label={t('users.subscriptions')}
          minWidth={960}
        />
      )}
      {granting && <GrantModal userId={user.id} onClose={() => setGranting(false)} />}
      {extending && <ExtendModal userId={user.id} sub={extending} onClose={() => setExtending(null)} />}
    </Stack>
  );
}
