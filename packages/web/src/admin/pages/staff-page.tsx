import { Alert, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { STAFF_ROLES } from '@portal/contract';
import type { StaffRole, UserRole } from '@portal/contract';
import type { StaffMe, StaffMember } from '@portal/contract/admin';
import { DataList } from '../../components/data-list';
import type { DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { confirmAction } from '../../lib/confirm';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useAddStaff, useSetStaffRole, useStaffList } from '../api';
import { PageTitle } from './page-title';

/** The staff with their roles (owners only): change a role, take it away, make an account staff. */
export function StaffPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const staff = useStaffList();
  const add = useAddStaff();
  const setRole = useSetStaffRole();
  const [email, setEmail] = useState('');
  const [role, setNewRole] = useState<StaffRole>('support');
  const roleLabel = (r: UserRole) => t(`roles.${r}`);
  const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: roleLabel(r) }));

  const change = (member: StaffMember, next: UserRole) =>
    setRole.mutate(
      { params: { id: member.id }, body: { role: next } },
      {
        onSuccess: () =>
          notify.success(
            next === 'user'
              ? t('staff.removed', { email: member.email })
              : t('staff.changed', { email: member.email, role: roleLabel(next) }),
          ),
        onError: (error) => notify.error(error.message),
      },
    );
  // The last owner can be neither demoted nor removed (the server refuses it too): the controls say so up front.
  const owners = staff.data?.filter((m) => m.role === 'owner').length ?? 0;
  const isLastOwner = (m: StaffMember) => m.role === 'owner' && owners <= 1;
  const askRemove = (member: StaffMember) =>
    confirmAction({
      title: t('staff.removeTitle'),
      message: t('staff.removeText', { email: member.email }),
      confirmLabel: t('staff.remove'),
      onConfirm: () => change(member, 'user'),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { body: { email: email.trim(), role } },
      {
        onSuccess: (member) => {
          notify.success(t('staff.added', { email: member.email, role: roleLabel(member.role) }));
          setEmail('');
        },
      },
    );
  };

  const columns: DataColumn<StaffMember>[] = [
    {
      key: 'email',
      header: t('staff.email'),
      cell: (m) => `${m.email}${m.id === me.id ? t('staff.you') : ''}`,
      truncate: true,
      card: 'title',
    },
    { key: 'name', header: t('staff.name'), cell: (m) => m.nickname ?? '—' },
    {
      key: 'role',
      header: t('staff.role'),
      cell: (m) => (
        <NativeSelect
          aria-label={t('staff.role')}
          data={roleOptions}
          value={m.role}
          onChange={(e) => change(m, e.currentTarget.value as StaffRole)}
          disabled={setRole.isPending || isLastOwner(m)}
          description={isLastOwner(m) ? t('staff.lastOwner') : undefined}
          data-testid="staff-role"
        />
      ),
    },
    {
      key: 'last',
      header: t('staff.lastLogin'),
      cell: (m) => (m.last_login_at ? formatDateTime(m.last_login_at, locale) : t('staff.never')),
      nowrap: true,
    },
    {
      key: 'remove',
      header: '',
      cell: (m) => (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => askRemove(m)}
          disabled={setRole.isPending || isLastOwner(m)}
          data-testid="staff-remove"
        >
          {t('staff.remove')}
        </Button>
      ),
      card: 'actions',
    },
  ];

  return (
    <>
      <PageTitle title={t('nav.staff')} intro={t('staff.intro')} />
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <form onSubmit={submit} aria-label={t('staff.add')}>
            <Stack gap="xs">
              <Text fw={600}>{t('staff.add')}</Text>
              <Text size="sm" c="dimmed">
                {t('staff.addHint')}
              </Text>
              <Group align="flex-end" gap="sm">
                <TextInput
                  type="email"
                  label={t('staff.email')}
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  required
                  maxLength={254}
                  data-testid="staff-add-email"
                  error={add.error?.message}
                />
                <NativeSelect
                  label={t('staff.role')}
                  data={roleOptions}
                  value={role}
                  onChange={(e) => setNewRole(e.currentTarget.value as StaffRole)}
                  data-testid="staff-add-role"
                />
                <Button type="submit" loading={add.isPending} data-testid="staff-add-submit">
                  {t('staff.addAction')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
        {staff.isError ? (
          <Alert color="red" role="alert">
            {t('staff.loadFailed')}: {staff.error.message}
          </Alert>
        ) : staff.data && staff.data.length === 0 ? (
          <Text c="dimmed">{t('staff.empty')}</Text>
        ) : staff.data ? (
          <DataList
            rows={staff.data}
            columns={columns}
            rowKey={(m) => m.id}
            rowAttributes={(m) => ({ 'data-testid': 'staff-row', 'data-role': m.role })}
            label={t('nav.staff')}
            minWidth={720}
          />
        ) : null}
      </Stack>
    </>
  );
}
