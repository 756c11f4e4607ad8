import { Alert, Code, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { AuditRecord } from '@portal/contract/admin';
import { DataList, timeColumn } from '../../components/data-list';
import type { DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { staffApi } from '@portal/contract/admin';
import { useAuditLog } from '../api';
import { ListFilters, LoadMore, exportCsv as downloadCsv } from './money-parts';
import type { AuditFilter } from '../api';
import { isoOf } from '../local-time';
import { PageTitle } from './page-title';

function Changes({ record }: { record: AuditRecord }) {
  const { t } = useTranslation('admin');
  if (!record.changes) return null;
  const show = (value: Record<string, unknown> | null) => (value === null ? '—' : JSON.stringify(value));
  return (
    <Stack gap={2}>
      <Text size="xs">
        <Text span c="dimmed" size="xs">
          {t('audit.from_')}:{' '}
        </Text>
        <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{show(record.changes.before)}</Code>
      </Text>
      <Text size="xs">
        <Text span c="dimmed" size="xs">
          {t('audit.to_')}:{' '}
        </Text>
        <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{show(record.changes.after)}</Code>
      </Text>
    </Stack>
  );
}

/** Every staff write, newest first: filters, "load more" after a cursor, and the CSV export of what is filtered. */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const [draft, setDraft] = useState({ action: '', actor: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog(filter);
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];

  const apply = () => {
    const actor = Number(draft.actor);
    setFilter({
      action: draft.action.trim() || undefined,
      actor_id: Number.isInteger(actor) && actor > 0 ? actor : undefined,
      from: isoOf(draft.from),
      to: isoOf(draft.to),
    });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(staffApi.exportAuditLog.path, filter, 'audit.csv', (message) =>
        t('audit.exportFailed', { message }),
      );
    } finally {
      setExporting(false);
    }
  };

  const columns: DataColumn<AuditRecord>[] = [
    timeColumn(t('audit.time'), (r) => r.created_at, locale),
    {
      key: 'action',
      header: t('audit.action'),
      cell: (r) => <Code>{r.action}</Code>,
      card: 'title',
    },
    {
      key: 'who',
      header: t('audit.who'),
      cell: (r) =>
        `${r.actor_email} · ${t(`roles.${r.actor_role}` as 'roles.owner', { defaultValue: r.actor_role })}`,
      truncate: true,
    },
    {
      key: 'target',
      header: t('audit.target'),
      cell: (r) => (r.target_id ? `${r.target_type} #${r.target_id}` : r.target_type),
    },
    { key: 'changes', header: t('audit.changes'), cell: (r) => <Changes record={r} />, card: 'wide' },
    { key: 'ip', header: t('audit.address'), cell: (r) => r.ip ?? '—', nowrap: true },
  ];

  return (
    <>
      <PageTitle title={t('nav.audit')} intro={t('audit.intro')} />
      <ListFilters
        draft={draft}
        applied={filter}
        onDraft={setDraft}
        onApply={apply}
        onReset={() => {
          setDraft({ action: '', actor: '', from: '', to: '' });
          setFilter({});
        }}
        onExport={() => void exportCsv()}
        exporting={exporting}
        testId="audit"
      >
        <TextInput
          label={t('audit.action')}
          // A hint in a filter row is the field's placeholder (a line under one field would lift it off the row).
          placeholder={t('audit.actionHint')}
          value={draft.action}
          w={{ base: '100%', sm: 260 }}
          onChange={(e) => setDraft({ ...draft, action: e.currentTarget.value })}
          maxLength={64}
          data-testid="audit-filter-action"
        />
        <TextInput
          label={t('audit.actor')}
          inputMode="numeric"
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.currentTarget.value.replace(/\D/g, '') })}
          maw={140}
        />
      </ListFilters>
      {log.isError ? (
        <Alert color="red" role="alert">
          {t('audit.loadFailed')}: {log.error.message}
        </Alert>
      ) : log.isPending ? null : rows.length === 0 ? (
        <Text c="dimmed" data-testid="audit-empty">
          {t('audit.empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(r) => r.id}
            rowAttributes={(r) => ({ 'data-testid': 'audit-row', 'data-action': r.action })}
            label={t('nav.audit')}
            minWidth={900}
          />
          <LoadMore list={log} />
        </Stack>
      )}
    </>
  );
}
