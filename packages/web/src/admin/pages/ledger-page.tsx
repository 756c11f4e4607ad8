import { Code, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { walletApi } from '@portal/contract';
import { moneyApi } from '@portal/contract/admin';
import type { AdminLedgerEntry, TimeSort } from '@portal/contract/admin';
import { timeColumn, type DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatYuan } from '../../lib/format-number';
import { useCursorList } from '../api';
import type { MoneyFilter } from '../api';
import { useLinkedFilter, linkedTime } from '../linked-filter';
import { CursorList, ListFilters, UserSearch, TimeSortSelect, exportCsv, isoOf } from './money-parts';
import { PageTitle } from './page-title';

type Filter = MoneyFilter<typeof moneyApi.listLedger>;

/** Every balance change of every user: filters, pages, CSV. */
export function LedgerPage() {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const empty = { user: '', kind: '', from: '', to: '' };
  const linked = useLinkedFilter(['kind', 'from', 'to']);
  const [draft, setDraft] = useState(() => ({
    ...empty,
    kind: walletApi.LEDGER_KINDS.find((k) => k === linked.kind) ?? '',
    from: linkedTime(linked.from),
    to: linkedTime(linked.to),
  }));
  const filterOf = (d: typeof draft): Filter => ({
    user: d.user.trim() || undefined,
    kind: (d.kind || undefined) as Filter['kind'],
    from: isoOf(d.from),
    to: isoOf(d.to),
  });
  const [filter, setFilter] = useState<Filter>(() => filterOf(draft));
  const [sort, setSort] = useState<TimeSort>('newest');
  const list = useCursorList(moneyApi.listLedger, sort === 'newest' ? filter : { ...filter, sort });

  const apply = () => {
    setFilter(filterOf(draft));
  };

  const columns: DataColumn<AdminLedgerEntry>[] = [
    timeColumn(t('common.time'), (e) => e.created_at, locale),
    {
      key: 'kind',
      header: t('ledger.kind'),
      cell: (e) => t(`ledger.kinds.${e.kind}`),
      card: 'title',
      nowrap: true,
    },
    { key: 'user', header: t('common.user'), cell: (e) => `${e.user_email} (#${e.user_id})`, truncate: true },
    {
      key: 'delta',
      header: t('ledger.delta'),
      cell: (e) => formatYuan(e.delta, locale, { signed: true }),
      nowrap: true,
    },
    {
      key: 'after',
      header: t('ledger.balanceAfter'),
      cell: (e) => formatYuan(e.balance_after, locale),
      nowrap: true,
    },
    { key: 'reference', header: t('ledger.reference'), cell: (e) => <Code>{e.reference}</Code> },
    { key: 'memo', header: t('ledger.memo'), cell: (e) => e.memo ?? '—', card: 'wide' },
  ];

  return (
    <>
      <PageTitle title={t('nav.ledger')} intro={t('ledger.intro')} />
      <ListFilters
        draft={draft}
        applied={{ ...filter, user: undefined }}
        onDraft={setDraft}
        onApply={apply}
        onReset={() => {
          setDraft(empty);
          setFilter({});
        }}
        onExport={() =>
          void exportCsv(moneyApi.exportLedger.path, filter, 'ledger.csv', (message) =>
            t('common.exportFailed', { message }),
          )
        }
        testId="ledger"
        search={<UserSearch value={draft.user} onChange={(user) => setDraft({ ...draft, user })} />}
      >
        <NativeSelect
          label={t('ledger.kind')}
          value={draft.kind}
          onChange={(e) => setDraft({ ...draft, kind: e.currentTarget.value })}
          data={[
            { value: '', label: t('common.all') },
            ...walletApi.LEDGER_KINDS.map((k) => ({ value: k, label: t(`ledger.kinds.${k}`) })),
          ]}
        />
        <TimeSortSelect value={sort} onChange={setSort} testId="ledger-sort" />
      </ListFilters>
      <CursorList
        list={list}
        columns={columns}
        rowKey={(e) => e.id}
        rowAttributes={(e) => ({ 'data-testid': 'ledger-row', 'data-kind': e.kind })}
        label={t('nav.ledger')}
        minWidth={1000}
      />
    </>
  );
}
