import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CODE_STATUS_COLORS } from '../../features/wallet';
import { moneyApi } from '@portal/contract/admin';
import type { AdminCode, CodeBatch, StaffMe } from '@portal/contract/admin';
import { timeColumn, type DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format-date';
import { formatYuan } from '../../lib/format-number';
import { notify } from '../../lib/notify';
import { useCreateCodeBatch, useCursorList, useSetBatchStatus, useSetCodeStatus } from '../api';
import { CursorList, exportCsv, isoOf } from './money-parts';
import { PageTitle } from './page-title';

type Action = (typeof moneyApi.CODE_ACTIONS)[number];

/** The status each action leaves a code in (the server's rule, recharge/code-batches.ts). */
const ACTION_RESULT: Record<Action, AdminCode['status']> = {
  lock: 'locked',
  disable: 'disabled',
  enable: 'unused',
};

/** Operators' recharge code batches: create, lock / disable / enable a batch or one code, export a batch. */
export function CodesPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const canWrite = me.permissions.includes('money.write');
  const [draft, setDraft] = useState({ quantity: 10 as number | string, amount: '', expires: '', note: '' });
  const [search, setSearch] = useState('');
  const [codeFilter, setCodeFilter] = useState<{ code?: string }>({});
  const batches = useCursorList(moneyApi.listCodeBatches, {});
  const codes = useCursorList(moneyApi.listCodes, codeFilter);
  const create = useCreateCodeBatch();
  const setBatch = useSetBatchStatus();
  const setCode = useSetCodeStatus();
  const failed = (error: Error) => notify.error(t('common.failed', { message: error.message }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        body: {
          quantity: Number(draft.quantity),
          amount: draft.amount.trim(),
          expires_at: isoOf(draft.expires) ?? null,
          ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
        },
      },
      {
        onSuccess: (batch) => {
          notify.success(t('codes.created', { batch: batch.batch_id }));
          setDraft({ ...draft, amount: '', note: '' });
        },
        onError: failed,
      },
    );
  };
  const batchAction = (batch: CodeBatch, action: Action) =>
    setBatch.mutate(
      { params: { id: batch.id }, body: { action } },
      { onSuccess: (r) => notify.success(t('codes.changed', { count: r.changed })), onError: failed },
    );
  const codeAction = (code: AdminCode, action: Action) =>
    setCode.mutate({ params: { id: code.id }, body: { action } }, { onError: failed });
  // One code offers only the actions that change it (an unused code is not "enabled"); a batch offers all three,
  // for its unused, locked and disabled codes alike.
  const actions = (run: (action: Action) => void, current?: AdminCode['status']) =>
    canWrite ? (
      <Group gap={4} wrap="nowrap">
        {moneyApi.CODE_ACTIONS.filter((action) => ACTION_RESULT[action] !== current).map((action) => (
          <Button key={action} size="xs" variant="default" onClick={() => run(action)}>
            {t(`codes.${action}`)}
          </Button>
        ))}
      </Group>
    ) : null;

  const batchColumns: DataColumn<CodeBatch>[] = [
    timeColumn(t('common.time'), (b) => b.created_at, locale),
    { key: 'batch', header: t('codes.batch'), cell: (b) => b.batch_id, nowrap: true, card: 'title' },
    {
      key: 'amount',
      header: t('common.amount'),
      cell: (b) => `${b.quantity} × ${formatYuan(b.amount, locale)}`,
      nowrap: true,
    },
    {
      key: 'counts',
      header: t('codes.counts'),
      cell: (b) => `${b.unused} / ${b.used} / ${b.locked} / ${b.disabled}`,
    },
    {
      key: 'expires',
      header: t('codes.expiry'),
      cell: (b) => (b.expires_at ? formatDateTime(b.expires_at, locale) : t('codes.never')),
      nowrap: true,
    },
    { key: 'note', header: t('codes.noteColumn'), cell: (b) => b.note ?? '—' },
    {
      key: 'actions',
      header: t('common.actions'),
      card: 'actions',
      cell: (b) => (
        <Group gap={4} wrap="nowrap">
          {actions((action) => batchAction(b, action))}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={() =>
              void exportCsv(
                moneyApi.exportCodeBatch.path.replace(':id', String(b.id)),
                {},
                `codes-${b.batch_id}.csv`,
                (message) => t('common.exportFailed', { message }),
              )
            }
          >
            {t('codes.exportBatch')}
          </Button>
        </Group>
      ),
    },
  ];

  const codeColumns: DataColumn<AdminCode>[] = [
    {
      key: 'code',
      header: t('codes.code'),
      cell: (c) => (
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {c.code}
        </Text>
      ),
      card: 'wide',
    },
    {
      key: 'amount',
      header: t('common.amount'),
      cell: (c) => formatYuan(c.amount, locale),
      nowrap: true,
      card: 'title',
    },
    {
      key: 'status',
      header: t('common.status'),
      cell: (c) => (
        <Badge variant="light" color={CODE_STATUS_COLORS[c.status]}>
          {t(`codes.statuses.${c.status}`)}
        </Badge>
      ),
      card: 'aside',
    },
    { key: 'batch', header: t('codes.batch'), cell: (c) => c.batch_id, nowrap: true },
    {
      key: 'actions',
      header: t('common.actions'),
      card: 'actions',
      cell: (c) => (c.status === 'used' ? null : actions((action) => codeAction(c, action), c.status)),
    },
  ];

  return (
    <>
      <PageTitle title={t('nav.codes')} intro={t('codes.intro')} />
      <Stack gap="xl">
        {canWrite && (
          <Card withBorder radius="md" padding="md">
            <form onSubmit={submit} aria-label={t('codes.create')}>
              <Group align="flex-end" gap="sm">
                {/* The range is in the label: a hint under one box of the row would lift it off the others. */}
                <TextInput
                  label={t('codes.quantityRange', { max: moneyApi.OPERATOR_BATCH_MAX })}
                  inputMode="numeric"
                  value={String(draft.quantity)}
                  onChange={(e) => setDraft({ ...draft, quantity: e.currentTarget.value.replace(/\D/g, '') })}
                  maw={160}
                  required
                />
                <TextInput
                  label={t('common.amount')}
                  inputMode="decimal"
                  value={draft.amount}
                  onChange={(e) => setDraft({ ...draft, amount: e.currentTarget.value })}
                  maw={140}
                  required
                />
                <TextInput
                  type="datetime-local"
                  label={t('codes.expiresAt')}
                  value={draft.expires}
                  onChange={(e) => setDraft({ ...draft, expires: e.currentTarget.value })}
                />
                <TextInput
                  label={t('common.note')}
                  value={draft.note}
                  onChange={(e) => setDraft({ ...draft, note: e.currentTarget.value })}
                  maxLength={500}
                />
                <Button type="submit" loading={create.isPending}>
                  {t('codes.create')}
                </Button>
              </Group>
            </form>
          </Card>
        )}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('codes.batches')}
          </Title>
          <CursorList
            list={batches}
            columns={batchColumns}
            rowKey={(b) => b.id}
            rowAttributes={(b) => ({ 'data-testid': 'batch-row', 'data-batch': b.batch_id })}
            label={t('codes.batches')}
            empty={t('codes.noBatches')}
            minWidth={1100}
          />
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('codes.find')}
          </Title>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setCodeFilter(search.trim() ? { code: search.trim() } : {});
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                aria-label={t('codes.code')}
                placeholder="RC-…"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                maxLength={100}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button type="submit" variant="default">
                {t('codes.search')}
              </Button>
            </Group>
          </form>
          <CursorList
            list={codes}
            columns={codeColumns}
            rowKey={(c) => c.id}
            rowAttributes={(c) => ({ 'data-testid': 'code-row', 'data-status': c.status })}
            label={t('codes.find')}
            minWidth={900}
          />
        </Stack>
      </Stack>
    </>
  );
}
