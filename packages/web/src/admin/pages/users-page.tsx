import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconMail, IconMailbox, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { hasPermission } from '@portal/contract';
import { userAdminApi } from '@portal/contract/admin';
import type { AdminUser, StaffMe, UserSort } from '@portal/contract/admin';
import { DataList } from '../../components/data-list';
import type { DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { yuan } from '../../lib/money';
import { usePhone } from '../../lib/use-phone';
import { useUserList } from '../api';
import type { UserListFilter } from '../api';
import { linkedFlag, linkedTime, useLinkedFilter } from '../linked-filter';
import { isoOf } from '../local-time';
import { ListFilters, LoadMore } from './money-parts';
import { PageTitle } from './page-title';
import { BulkDisableModal, SegmentMailModal } from './users-bulk';
import { MailingsModal } from './users-mailings';

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
  sort: 'newest' as UserSort,
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
      {/* Nothing to flag still says so, rather than leaving the cell blank. */}
      {!user.disabled && user.verified && (
        <Badge color="teal" variant="light" size="sm">
          {t('users.activeBadge')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * Accounts, newest first: search by id, email or nickname, filters, "load more"; a row opens the account. With
 * users.manage: select customers (a checkbox per row or card, or every one shown) and disable them together, and
 * mail a segment of customers.
 */
export function UsersPage({ me }: { me: StaffMe }) {
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
      sort: d.sort === 'newest' ? undefined : d.sort,
    }) as UserListFilter;
  const [filter, setFilter] = useState<UserListFilter>(() => filterOf(draft));
  const list = useUserList(filter);
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const manage = hasPermission(me.role, 'users.manage');
  const phone = usePhone();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [disabling, setDisabling] = useState(false);
  const [mailing, setMailing] = useState(false);
  const [showMailings, setShowMailings] = useState(false);
  // Staff accounts, oneself and disabled accounts cannot be selected: the bulk disable would skip them.
  const selectable = rows.filter((u) => u.role === 'user' && !u.disabled && u.id !== me.id);
  const chosen = selectable.filter((u) => selected.has(u.id)).map((u) => u.id);
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
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

  const selectColumn: DataColumn<AdminUser> = {
    key: 'select',
    header: <VisuallyHidden>{t('users.bulk.select')}</VisuallyHidden>,
    card: 'actions',
    cell: (u) => (
      // The row opens the account when clicked; the checkbox only selects.
      <span onClick={(e) => e.stopPropagation()}>
        <Checkbox
          aria-label={t('users.bulk.selectOne', { email: u.email })}
          label={phone ? t('users.bulk.selectShort') : undefined}
          checked={selected.has(u.id)}
          disabled={!selectable.includes(u)}
          onChange={(e) => toggle(u.id, e.currentTarget.checked)}
          data-testid="user-select"
        />
      </span>
    ),
  };
  const columns: DataColumn<AdminUser>[] = [
    ...(manage ? [selectColumn] : []),
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
      <PageTitle
        title={t('nav.users')}
        intro={t('users.intro')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconMailbox size={16} aria-hidden />}
              onClick={() => setShowMailings(true)}
              data-testid="users-mailings"
            >
              {t('users.mailings.open')}
            </Button>
            {manage && (
              <Button
                variant="light"
                leftSection={<IconMail size={16} aria-hidden />}
                onClick={() => setMailing(true)}
                data-testid="users-mail"
              >
                {t('users.mail.open')}
              </Button>
            )}
          </>
        }
      />
      <ListFilters
        draft={draft}
        applied={{ ...filter, q: undefined }}
        onDraft={setDraft}
        onApply={() => setFilter(filterOf(draft))}
        onReset={() => {
          setDraft(EMPTY);
          setFilter({});
        }}
        testId="users"
        label={t('users.filters')}
        rangeLabels={{ from: t('users.registeredFrom'), to: t('users.registeredTo') }}
        search={
          <TextInput
            label={t('users.search')}
            placeholder={t('users.searchHint')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
            maxLength={254}
            w={{ base: '100%', sm: 260 }}
            data-testid="users-search"
          />
        }
      >
        {select('verified', t('users.verified'), t('users.yes'), t('users.no'))}
        {select('disabled', t('users.disabled'), t('users.yes'), t('users.no'))}
        {select('subscribed', t('users.subscribed'), t('users.yes'), t('users.no'))}
        {select('with_balance', t('users.withBalance'), t('users.yes'), t('users.no'))}
        <NativeSelect
          label={t('users.sort')}
          data={userAdminApi.USER_SORTS.map((value) => ({ value, label: t(`users.sorts.${value}`) }))}
          value={draft.sort}
          onChange={(e) => {
            // The order applies at once (the other filters wait for "apply").
            const sort = e.currentTarget.value as UserSort;
            setDraft({ ...draft, sort });
            setFilter({ ...filter, sort: sort === 'newest' ? undefined : sort });
          }}
          data-testid="users-sort"
        />
      </ListFilters>
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
          {manage && (
            <Group justify="space-between" gap="sm" data-testid="users-bulk-bar">
              <Checkbox
                label={t('users.bulk.selectAll', { count: selectable.length })}
                checked={allChosen}
                indeterminate={chosen.length > 0 && !allChosen}
                disabled={selectable.length === 0}
                onChange={(e) =>
                  setSelected(new Set(e.currentTarget.checked ? selectable.map((u) => u.id) : []))
                }
                data-testid="users-select-all"
              />
              <Group gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {t('users.bulk.selected', { count: chosen.length })}
                </Text>
                <Button
                  size="sm"
                  color="red"
                  variant="outline"
                  disabled={chosen.length === 0}
                  onClick={() => setDisabling(true)}
                  data-testid="users-bulk-disable"
                >
                  {t('users.bulk.disable')}
                </Button>
              </Group>
            </Group>
          )}
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(u) => u.id}
            rowAttributes={(u) => ({ 'data-testid': 'user-row', 'data-id': String(u.id) })}
            onRowClick={(u) => () => void navigate(`/users/${u.id}`)}
            label={t('nav.users')}
            minWidth={900}
          />
          <LoadMore list={list} />
        </Stack>
      )}
      {disabling && (
        <BulkDisableModal
          ids={chosen}
          onClose={() => setDisabling(false)}
          onDone={() => {
            setDisabling(false);
            setSelected(new Set());
          }}
        />
      )}
      {mailing && (
        <SegmentMailModal
          onClose={() => setMailing(false)}
          onQueued={() => {
            setMailing(false);
            setShowMailings(true);
          }}
        />
      )}
      {showMailings && <MailingsModal onClose={() => setShowMailings(false)} />}
    </>
  );
}
