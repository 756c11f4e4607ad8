import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { DEFAULT_PAGE_SIZE, rechargeApi } from '@portal/contract';
import type { CodeStatus, RechargeCode } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { datedFileName, downloadAuthenticatedFile } from '../../lib/download';
import { formatDateTime, formatDateTimeCompact } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import type { CodesQuery } from './api';
import { useCodes } from './api';
import { DataList, type DataColumn } from '../../components/data-list';
import { CopyAction } from '../../components/copy-action';
import { ListPagination } from '../../components/list-pagination';
import { ListState } from '../../components/list-state';
import { yuan } from '../../lib/money';
import { shorten } from './format';
import { CodeStatusBadge } from './status-badge';

const ALL = 'all';

function useCodeColumns(): DataColumn<RechargeCode>[] {
  const { t } = useTranslation();
  const locale = currentLocale();
  return [
    {
      key: 'code',
      header: t('wallet.codes.code'),
      card: 'title',
      cell: (code) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" ff="monospace" title={code.code} style={{ whiteSpace: 'nowrap' }}>
            {shorten(code.code, 12, 6)}
          </Text>
          <CopyAction value={code.code} label={t('wallet.codes.code')} testId="code-copy" />
        </Group>
      ),
    },
    {
      key: 'amount',
      header: t('wallet.codes.amountColumn'),
      nowrap: true,
      cell: (code) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{yuan(code.amount)}</span>,
    },
    {
      key: 'status',
      header: t('wallet.codes.status'),
      card: 'aside',
      cell: (code) => <CodeStatusBadge status={code.status} />,
    },
    {
      key: 'created',
      header: t('wallet.codes.created'),
      nowrap: true,
      cell: (code) => formatDateTime(code.created_at, locale),
      cardCell: (code) => formatDateTimeCompact(code.created_at, locale),
    },
    {
      key: 'usedAt',
      header: t('wallet.codes.usedAt'),
      nowrap: true,
      cell: (code) => (code.used_at ? formatDateTime(code.used_at, locale) : t('common.none')),
      cardCell: (code) => (code.used_at ? formatDateTimeCompact(code.used_at, locale) : t('common.none')),
    },
    {
      key: 'usedBy',
      header: t('wallet.codes.usedBy'),
      truncate: true,
      cell: (code) => code.used_by ?? t('common.none'),
    },
  ];
}

/** The user's generated codes: status filter, pages, copy per code, CSV export of the filtered list. */
export function CodesTable() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CodeStatus | typeof ALL>(ALL);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query: CodesQuery = { page, size: DEFAULT_PAGE_SIZE, status: status === ALL ? undefined : status };
  const codes = useCodes(query);
  const items = codes.data?.items ?? [];
  const columns = useCodeColumns();

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuthenticatedFile(
        rechargeApi.EXPORT_CODES_PATH,
        { status: status === ALL ? undefined : status },
        datedFileName('recharge-codes', 'csv'),
      );
    } catch {
      notify.error(t('wallet.codes.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h4" lh="var(--input-height-sm)" id="codes-list-title">
            {t('wallet.codes.listTitle')}
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('wallet.codes.status')}
              value={status}
              onChange={(event) => {
                setStatus(event.currentTarget.value as CodeStatus | typeof ALL);
                setPage(1);
              }}
              data={[
                { value: ALL, label: t('wallet.all') },
                ...rechargeApi.CODE_STATUSES.map((s) => ({ value: s, label: t(`wallet.codeStatus.${s}`) })),
              ]}
              data-testid="codes-status"
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void exportCsv()}
              loading={exporting}
              // Nothing to export while the list itself could not be loaded.
              disabled={codes.isError}
              data-testid="codes-export"
            >
              {t('wallet.codes.export')}
            </Button>
          </Group>
        </Group>
        <ListState
          query={codes}
          empty={items.length === 0}
          failedText={t('wallet.codes.loadFailed')}
          testId="codes-list"
          emptyState={
            <Text c="dimmed" ta="center" py="lg">
              {t('wallet.codes.empty')}
            </Text>
          }
        />
        {items.length > 0 && (
          <DataList
            rows={items}
            columns={columns}
            rowKey={(code) => code.id}
            rowAttributes={(code) => ({ 'data-testid': 'code-row', 'data-status': code.status })}
            labelledBy="codes-list-title"
            label={t('wallet.codes.listTitle')}
            minWidth={860}
          />
        )}
        {codes.data && (
          <ListPagination
            page={codes.data.page}
            pages={codes.data.pages}
            total={codes.data.total}
            onChange={setPage}
          />
        )}
      </Stack>
    </Card>
  );
}
