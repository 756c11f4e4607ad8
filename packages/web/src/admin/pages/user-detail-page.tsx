import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams } from '../../lib/router';
import { hasPermission, isLocale } from '@portal/contract';
import { userAdminApi } from '@portal/contract/admin';
import type { StaffMe, UserDetail } from '@portal/contract/admin';
import { DataList } from '../../components/data-list';
import { useDeviceLabel } from '../../features/account';
import type { DataColumn } from '../../components/data-list';
import { currentLocale, translateValidation } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/confirm';
import { formatDateTime } from '../../lib/format-date';
import { signedYuan, yuan } from '../../lib/money';
import { notify } from '../../lib/notify';
import { usePhone } from '../../lib/use-phone';
import {
  useAdjustBalance,
  useMarkVerified,
  useResendVerification,
  useRevokeUserSessions,
  useSendPasswordReset,
  useSetUserDisabled,
  useUserDetail,
} from '../api';
import { UserSubscriptions } from './user-subscriptions';
import { UserTicketsList, UserTopupsList } from './user-lists';
import { UserBadges } from './users-page';
import { ConsoleModal } from '../console-modal';

type Order = UserDetail['orders'][number];
type Entry = UserDetail['ledger'][number];
type Session = UserDetail['sessions'][number];

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

/** Credit or debit with a reason, checked by the contract's schema before it is sent. */
function AdjustBalanceModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const phone = usePhone();
  const adjust = useAdjustBalance();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userAdminApi.adjustBalanceBody.safeParse({ amount, reason });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    adjust.mutate(
      { params: { id }, body: parsed.data },
      {
        onSuccess: (result) => {
          notify.success(t('users.adjusted', { balance: yuan(result.balance) }));
          onClose();
        },
      },
    );
  };
  return (
    <ConsoleModal opened onClose={onClose} title={t('users.adjust')} fullScreen={phone}>
      <form onSubmit={submit} noValidate data-testid="adjust-form">
        <Stack gap="sm">
          <TextInput
            label={t('users.amount')}
            description={t('users.amountHint')}
            leftSection="¥"
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setErrors({ ...errors, amount: undefined });
            }}
            error={translateValidation(errors.amount)}
            required
            data-testid="adjust-amount"
          />
          <Textarea
            label={t('users.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setErrors({ ...errors, reason: undefined });
            }}
            error={translateValidation(errors.reason)}
            maxLength={500}
            autosize
            minRows={2}
            required
            data-testid="adjust-reason"
          />
          {adjust.error && !(isApiError(adjust.error) && adjust.error.code === 40004) && (
            <Alert color="red" role="alert">
              {adjust.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={adjust.isPending} data-testid="adjust-submit">
              {t('users.adjustAction')}
            </Button>
          </Group>
        </Stack>
      </form>
    </ConsoleModal>
  );
}

/** One account: its facts and lists, and what the staff member's role lets them do to it. */
export function UserDetailPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  // The ledger's kinds are named as the customers see them (their wallet's messages).
  const { t: customerT } = useTranslation();
  const deviceLabel = useDeviceLabel();
  const locale = currentLocale();
  const id = Number(useParams().id);
  const detail = useUserDetail(id);
  const disable = useSetUserDisabled();
  const revoke = useRevokeUserSessions();
  const verify = useMarkVerified();
  const resend = useResendVerification();
  const reset = useSendPasswordReset();
  const [adjusting, setAdjusting] = useState(false);
  const can = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(me.role, permission);
  const failed = (error: Error) => notify.error(error.message);

  if (detail.isPending) return <Loader aria-label={t('access.checking')} />;
  if (detail.isError)
    return (
      <Alert color="red" role="alert">
        {detail.error.message}
      </Alert>
    );
  const { user, subscriptions, orders, ledger, sessions, bindings, tickets } = detail.data;
  const isStaff = user.role !== 'user';
  const self = user.id === me.id;

  const orderColumns: DataColumn<Order>[] = [
    { key: 'no', header: t('users.orderNo'), cell: (o) => o.order_no, card: 'title' },
    { key: 'kind', header: t('users.kind'), cell: (o) => t(`users.orderKinds.${o.kind}`) },
    { key: 'package', header: t('users.package'), cell: (o) => o.package_name },
    {
      key: 'amount',
      header: t('users.amount'),
      cell: (o) => yuan(o.amount, locale),
      nowrap: true,
      card: 'aside',
    },
    { key: 'time', header: t('users.time'), cell: (o) => formatDateTime(o.created_at, locale), nowrap: true },
  ];
  const ledgerColumns: DataColumn<Entry>[] = [
    { key: 'time', header: t('users.time'), cell: (e) => formatDateTime(e.created_at, locale), nowrap: true },
    { key: 'kind', header: t('users.kind'), cell: (e) => customerT(`wallet.kinds.${e.kind}`), card: 'title' },
    {
      key: 'delta',
      header: t('users.change'),
      cell: (e) => signedYuan(e.delta, locale),
      nowrap: true,
      card: 'aside',
    },
    {
      key: 'after',
      header: t('users.balanceAfter'),
      cell: (e) => yuan(e.balance_after, locale),
      nowrap: true,
    },
    { key: 'memo', header: t('users.memo'), cell: (e) => e.memo ?? e.reference, card: 'wide' },
  ];
  const sessionColumns: DataColumn<Session>[] = [
    {
      key: 'device',
      header: t('users.device'),
      cell: (s) => [s.browser, s.os, s.device && deviceLabel(s.device)].filter(Boolean).join(' · '),
      card: 'title',
    },
    { key: 'ip', header: t('users.address'), cell: (s) => s.ip ?? '—', nowrap: true },
    {
      key: 'active',
      header: t('users.lastActive'),
      cell: (s) => formatDateTime(s.last_active_at, locale),
      nowrap: true,
    },
  ];

  return (
    <>
      <Anchor
        component={Link}
        to="/users"
        size="sm"
        mb="xs"
        display="inline-flex"
        style={{ gap: 4, alignItems: 'center' }}
      >
        <IconArrowLeft size={14} aria-hidden /> {t('users.back')}
      </Anchor>
      <Stack gap={4} mb="md">
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2" data-testid="admin-page-title" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Title>
          <UserBadges user={user} />
        </Group>
        <Text c="dimmed" size="sm">
          #{user.id}
          {user.nickname ? ` · ${user.nickname}` : ''}
        </Text>
      </Stack>

      <Group gap="xs" mb="md" data-testid="user-actions">
        {can('money.write') && !self && (
          <Button size="sm" onClick={() => setAdjusting(true)} data-testid="user-adjust">
            {t('users.adjust')}
          </Button>
        )}
        {can('users.manage') && !isStaff && !self && (
          <Button
            size="sm"
            variant={user.disabled ? 'light' : 'outline'}
            color={user.disabled ? undefined : 'red'}
            data-testid="user-disable"
            loading={disable.isPending}
            onClick={() =>
              user.disabled
                ? disable.mutate(
                    { params: { id }, body: { disabled: false } },
                    { onSuccess: () => notify.success(t('users.enabled')), onError: failed },
                  )
                : confirmAction({
                    title: t('users.disableTitle'),
                    message: t('users.disableMessage', { email: user.email }),
                    confirmLabel: t('users.disable'),
                    onConfirm: () =>
                      disable.mutate(
                        { params: { id }, body: { disabled: true } },
                        { onSuccess: () => notify.success(t('users.disabledNow')), onError: failed },
                      ),
                  })
            }
          >
            {user.disabled ? t('users.enable') : t('users.disable')}
          </Button>
        )}
        {can('users.manage') && !self && (
          <Button
            size="sm"
            variant="default"
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(
                { params: { id } },
                {
                  onSuccess: (r) => notify.success(t('users.sessionsEnded', { count: r.revoked })),
                  onError: failed,
                },
              )
            }
            data-testid="user-revoke"
          >
            {t('users.endSessions')}
          </Button>
        )}
        {can('users.manage') && !user.verified && (
          <>
            <Button
              size="sm"
              variant="default"
              loading={verify.isPending}
              onClick={() =>
                verify.mutate(
                  { params: { id } },
                  { onSuccess: () => notify.success(t('users.verifiedNow')), onError: failed },
                )
              }
            >
              {t('users.markVerified')}
            </Button>
            <Button
              size="sm"
              variant="default"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(
                  { params: { id } },
                  { onSuccess: () => notify.success(t('users.mailQueued')), onError: failed },
                )
              }
            >
              {t('users.resendVerification')}
            </Button>
          </>
        )}
        {can('users.manage') && !self && !user.disabled && (
          <Button
            size="sm"
            variant="default"
            loading={reset.isPending}
            onClick={() =>
              reset.mutate(
                { params: { id } },
                { onSuccess: () => notify.success(t('users.mailQueued')), onError: failed },
              )
            }
          >
            {t('users.sendReset')}
          </Button>
        )}
      </Group>

      <Stack gap="md">
        <Section title={t('users.profile')} testId="user-profile">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact
              label={t('users.balance')}
              value={<span data-testid="user-balance">{yuan(user.balance, locale)}</span>}
            />
            <Fact label={t('users.registered')} value={formatDateTime(user.created_at, locale)} />
            <Fact
              label={t('users.lastLogin')}
              value={user.last_login_at ? formatDateTime(user.last_login_at, locale) : t('users.never')}
            />
            <Fact
              label={t('users.language')}
              value={isLocale(user.locale) ? t(`languages.${user.locale}`) : user.locale}
            />
            <Fact label={t('users.tickets')} value={t('users.ticketCounts', tickets)} />
            <Fact
              label={t('users.bindings')}
              value={
                bindings.length === 0
                  ? '—'
                  : bindings.map((b) => `${b.provider}${b.email ? ` (${b.email})` : ''}`).join(', ')
              }
            />
            <Fact label={t('users.failedLogins')} value={String(user.failed_logins)} />
            <Fact
              label={t('users.lockedUntil')}
              value={user.locked_until ? formatDateTime(user.locked_until, locale) : '—'}
            />
          </SimpleGrid>
        </Section>
        <Section title={t('users.subscriptions')} testId="user-subscriptions">
          <UserSubscriptions me={me} user={user} subscriptions={subscriptions} />
        </Section>
        <Section title={t('users.orders')}>
          {orders.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('users.none')}
            </Text>
          ) : (
            <DataList
              rows={orders}
              columns={orderColumns}
              rowKey={(o) => o.id}
              rowAttributes={() => ({ 'data-testid': 'user-order' })}
              label={t('users.orders')}
              minWidth={760}
            />
          )}
        </Section>
        <Section title={t('users.ledger')} testId="user-ledger">
          {ledger.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('users.none')}
            </Text>
          ) : (
            <DataList
              rows={ledger}
              columns={ledgerColumns}
              rowKey={(e) => e.id}
              rowAttributes={(e) => ({ 'data-testid': 'user-ledger-row', 'data-kind': e.kind })}
              label={t('users.ledger')}
              minWidth={760}
            />
          )}
        </Section>
        <Section title={t('users.topups')} testId="user-topups">
          <UserTopupsList id={id} />
        </Section>
        {can('tickets.read') && (
          <Section title={t('users.ticketList')} testId="user-tickets">
            <UserTicketsList id={id} />
          </Section>
        )}
        <Section title={t('users.sessions')}>
          {sessions.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('users.none')}
            </Text>
          ) : (
            <DataList
              rows={sessions}
              columns={sessionColumns}
              rowKey={(s) => s.id}
              rowAttributes={() => ({ 'data-testid': 'user-session' })}
              label={t('users.sessions')}
              minWidth={640}
            />
          )}
        </Section>
      </Stack>
      {adjusting && <AdjustBalanceModal id={id} onClose={() => setAdjusting(false)} />}
    </>
  );
}
