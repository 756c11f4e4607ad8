import { Badge, Card, Group, Input, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { DEFAULT_PAGE_SIZE, walletApi } from '@portal/contract';
import type { LedgerEntry, LedgerKind } from '@portal/contract';
import { DataList, type DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime, formatDateTimeCompact } from '../../lib/format-date';
import type { LedgerQuery } from './api';
import { useLedger } from './api';
import { ListPagination } from '../../components/list-pagination';
import { ListState } from '../../components/list-state';
import { isDebit, signedYuan, yuan } from '../../lib/money';
import { ledgerMemo } from './format';

type Direction = 'all' | 'in' | 'out';
const ALL = 'all';

function useLedgerColumns(): DataColumn<LedgerEntry>[] {
  const { t } = useTranslation();
  const locale = currentLocale();
  return [
    {
      key: 'time',
      header: t('wallet.ledger.time'),
      nowrap: true,
      cell: (entry) => formatDateTime(entry.created_at, locale),
      cardCell: (entry) => formatDateTimeCompact(entry.created_at, locale),
    },
    {
      key: 'kind',
      header: t('wallet.ledger.kind'),
      card: 'title',
      nowrap: true,
      cell: (entry) => (
        <Badge
          variant="light"
          color={isDebit(entry.delta) ? 'red' : 'teal'}
          style={{ overflow: 'visible', flexShrink: 0 }}
        >
          {t(`wallet.kinds.${entry.kind}`)}
        </Badge>
      ),
    },
    {
      key: 'delta',
      header: t('wallet.ledger.delta'),
      card: 'aside',
      cell: (entry) => (
        <Text
          size="sm"
          fw={600}
          c={isDebit(entry.delta) ? 'red' : 'teal'}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {signedYuan(entry.delta)}
        </Text>
      ),
    },
    {
      key: 'balance',
      header: t('wallet.ledger.balanceAfter'),
      nowrap: true,
      cell: (entry) => (
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{yuan(entry.balance_after)}</span>
      ),
    },
    {
      key: 'reference',
      header: t('wallet.ledger.reference'),
      card: 'wide',
      // The dash of an empty cell in the text font, like every other empty cell (monospace draws it shorter).
      cell: (entry) =>
        entry.reference ? (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {entry.reference}
          </Text>
        ) : (
          t('common.none')
        ),
    },
    {
      key: 'memo',
      header: t('wallet.ledger.memo'),
      card: 'wide',
      cell: (entry) => (
        <Text
          size="sm"
          truncate="end"
          maw={220}
          title={entry.memo ? ledgerMemo(entry.memo, (amount) => yuan(amount)) : undefined}
        >
          {entry.memo ? ledgerMemo(entry.memo, (amount) => yuan(amount)) : t('common.none')}
        </Text>
      ),
    },
  ];
}

/** Every balance change, newest first, filtered by kind and direction. */
export function LedgerTable() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<LedgerKind | typeof ALL>(ALL);
  const [direction, setDirection] = useState<Direction>(ALL);
  const [page, setPage] = useState(1);
  const query: LedgerQuery = {
    page,
    size: DEFAULT_PAGE_SIZE,
    kind: kind === ALL ? undefined : kind,
    direction: direction === ALL ? undefined : direction,
  };
  const ledger = useLedger(query);
  const items = ledger.data?.items ?? [];
  const columns = useLedgerColumns();

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h4" lh="var(--input-height-sm)" id="ledger-title">
            {t('wallet.ledger.title')}
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('wallet.ledger.kind')}
              value={kind}
              onChange={(event) => {
                setKind(event.currentTarget.value as LedgerKind | typeof ALL);
                setPage(1);
              }}
              data={[
                { value: ALL, label: t('wallet.ledger.allKinds') },
                ...walletApi.LEDGER_KINDS.map((k) => ({ value: k, label: t(`wallet.kinds.${k}`) })),
              ]}
              data-testid="ledger-kind"
            />
            <div>
              <Input.Label labelElement="div" display="block" id="ledger-direction-label" mb={4}>
                {t('wallet.ledger.direction')}
              </Input.Label>
              <SegmentedControl
                aria-labelledby="ledger-direction-label"
                value={direction}
                onChange={(value) => {
                  setDirection(value as Direction);
                  setPage(1);
                }}
                data={[
                  { value: ALL, label: t('wallet.all') },
                  { value: 'in', label: t('wallet.ledger.in') },
                  { value: 'out', label: t('wallet.ledger.out') },
                ]}
                data-testid="ledger-direction"
              />
            </div>
          </Group>
        </Group>
        <ListState
          query={ledger}
          empty={items.length === 0}
          failedText={t('wallet.ledger.loadFailed')}
          testId="ledger"
          emptyState={
            <Text c="dimmed" ta="center" py="lg" data-testid="ledger-empty">
              {t('wallet.ledger.empty')}
            </Text>
          }
        />
        {items.length > 0 && (
          <DataList
            rows={items}
            columns={columns}
            rowKey={(entry) => entry.id}
            rowAttributes={(entry) => ({ 'data-testid': 'ledger-row', 'data-kind': entry.kind })}
            labelledBy="ledger-title"
            label={t('wallet.ledger.title')}
            minWidth={760}
          />
        )}
        {ledger.data && (
          <ListPagination
            page={ledger.data.page}
            pages={ledger.data.pages}
            total={ledger.data.total}
            onChange={setPage}
          />
        )}
      </Stack>
    </Card>
  );
}
