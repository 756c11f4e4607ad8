import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminUser } from '@portal/contract/admin';
import { DataList } from '../../components/data-list';
import type { DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { yuan } from '../../lib/money';
import { useUserList } from '../api';
import type { UserListFilter } from '../api';
import { linkedFlag, linkedTime, useLinkedFilter } from '../linked-filter';
import { isoOf } from '../local-time';
import { PageTitle } from './page-title';

type Tri = '' | 'true' | 'false';
const flag = (value: Tri) => (value === '' ? undefined : value);

const EMPTY = {
  q: '',
  verified: '' as Tri,
  disabled: '' as Tri,
  subscribed: '' as Tri,
  with_balance: '' as Tri,
  from: '',
  to: '',
};

/** The account's state as badges: disabled, not verified, staff. */
export function UserBadges({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={4} wrap="nowrap">
      {user.disabled && (
        <Badge color="red" variant="light" size="sm">
          {t('users.disabledBadge')}
        </Badge>
      )}
      {!user.verified && (
        <Badge color="yellow" variant="light" size="sm">
          {t('users.unverifiedBadge')}
        </Badge>
      )}
      {user.role !== 'user' && (
        <Badge color="grape" variant="light" size="sm">
          {t(`roles.${user.role}`)}
        </Badge>
      )}
    </Group>
  );
}

/** Accounts, newest first: search by id, e-mail or nickname, filters, "load more"; a row opens the account. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const navigate = useNavigate();
  const linked = useLinkedFilter(['verified', 'subscribed', 'registered_from', 'registered_to']);
  const [draft, setDraft] = useState(() => ({
    ...EMPTY,
    verified: linkedFlag(linked.verified),
    subscribed: linkedFlag(linked.subscribed),
    from: linkedTime(linked.registered_from),
    to: linkedTime(linked.registered_to),
  }));
  const filterOf = (d: typeof draft) =>
    ({
      q: d.q.trim() || undefined,
      verified: flag(d.verified),
      disabled: flag(d.disabled),
      subscribed: flag(d.subscribed),
      with_balance: flag(d.with_balance),
      registered_from: isoOf(d.from),
      registered_to: isoOf(d.to),
    }) as UserListFilter;
  const [filter, setFilter] = useState<UserListFilter>(() => filterOf(draft));
  const list = useUserList(filter);
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(filterOf(draft));
  };
  const triOptions = (yes: string, no: string) => [
    { value: '', label: t('users.any') },
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
  const select = (
    key: 'verified' | 'disabled' | 'subscribed' | 'with_balance',
    label: string,
    yes: string,
    no: string,
  ) => (
    <NativeSelect
      label={label}
      data={triOptions(yes, no)}
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.currentTarget.value as Tri })}
      data-testid={`users-filter-${key}`}
    />
  );

  const columns: DataColumn<AdminUser>[] = [
    {
      key: 'email',
      header: t('users.email'),
      cell: (u) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {u.email}
          </Text>
          <Text size="xs" c="dimmed">
            #{u.id}
            {u.nickname ? ` · ${u.nickname}` : ''}
          </Text>
        </Stack>
      ),
      card: 'title',
    },
    { key: 'state', header: t('users.state'), cell: (u) => <UserBadges user={u} />, card: 'aside' },
    { key: 'balance', header: t('users.balance'), cell: (u) => yuan(u.balance, locale), nowrap: true },
    { key: 'subs', header: t('users.activeSubscriptions'), cell: (u) => String(u.active_subscriptions) },
    {
      key: 'registered',
      header: t('users.registered'),
      cell: (u) => formatDateTime(u.created_at, locale),
      nowrap: true,
    },
    {
      key: 'login',
      header: t('users.lastLogin'),
      cell: (u) => (u.last_login_at ? formatDateTime(u.last_login_at, locale) : t('users.never')),
      nowrap: true,
    },
  ];

  return (
    <>
      <PageTitle title={t('nav.users')} intro={t('users.intro')} />
      <Card withBorder radius="md" padding="md" mb="md">
        <form onSubmit={apply} aria-label={t('users.filters')}>
          <Stack gap="sm">
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('users.search')}
                placeholder={t('users.searchHint')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={draft.q}
                onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
                maxLength={254}
                miw={260}
                data-testid="users-search"
              />
              {select('verified', t('users.verified'), t('users.yes'), t('users.no'))}
              {select('disabled', t('users.disabled'), t('users.yes'), t('users.no'))}
              {select('subscribed', t('users.subscribed'), t('users.yes'), t('users.no'))}
              {select('with_balance', t('users.withBalance'), t('users.yes'), t('users.no'))}
            </Group>
            <Group align="flex-end" gap="sm">
              <TextInput
                type="datetime-local"
                label={t('users.registeredFrom')}
                value={draft.from}
                onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
              />
              <TextInput
                type="datetime-local"
                label={t('users.registeredTo')}
                value={draft.to}
                onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
              />
              <Button type="submit" data-testid="users-apply">
                {t('users.apply')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(EMPTY);
                  setFilter({});
                }}
              >
                {t('users.reset')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {list.isError ? (
        <Alert color="red" role="alert">
          {t('users.loadFailed')}: {list.error.message}
        </Alert>
      ) : list.isPending ? null : rows.length === 0 ? (
        <Text c="dimmed" data-testid="users-empty">
          {t('users.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(u) => u.id}
            rowAttributes={(u) => ({ 'data-testid': 'user-row', 'data-id': String(u.id) })}
            onRowClick={(u) => () => void navigate(`/users/${u.id}`)}
            label={t('nav.users')}
            minWidth={900}
          />
          {list.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
            >
              {t('users.more')}
            </Button>
          )}
        </Stack>
      )}
    </>
  );
}
