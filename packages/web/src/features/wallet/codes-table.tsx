import { Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, rechargeApi } from '@portal/contract';
import type { CodeStatus, RechargeCode } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { datedFileName, downloadAuthenticatedFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import type { CodesQuery } from './api';
import { useCodes } from './api';
import { CopyAction } from '../../components/copy-action';
import { ListPagination } from '../../components/list-pagination';
import { ListState } from '../../components/list-state';
import { yuan } from '../../lib/money';
import { shorten } from './format';
import { CodeStatusBadge } from './status-badge';

const ALL = 'all';

function CodeRow({ code }: { code: RechargeCode }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <Table.Tr data-testid="code-row" data-status={code.status}>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" ff="monospace" title={code.code}>
            {shorten(code.code, 12, 6)}
          </Text>
          <CopyAction value={code.code} label={t('wallet.codes.code')} testId="code-copy" />
        </Group>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {yuan(code.amount)}
      </Table.Td>
      <Table.Td>
        <CodeStatusBadge status={code.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(code.created_at, locale)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {code.used_at ? formatDateTime(code.used_at, locale) : t('common.none')}
      </Table.Td>
      <Table.Td>{code.used_by ?? t('common.none')}</Table.Td>
    </Table.Tr>
  );
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
          <Title order={2} size="h4" id="codes-list-title">
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
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby="codes-list-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('wallet.codes.code')}</Table.Th>
                  <Table.Th>{t('wallet.codes.amountColumn')}</Table.Th>
                  <Table.Th>{t('wallet.codes.status')}</Table.Th>
                  <Table.Th>{t('wallet.codes.created')}</Table.Th>
                  <Table.Th>{t('wallet.codes.usedAt')}</Table.Th>
                  <Table.Th>{t('wallet.codes.usedBy')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((code) => (
                  <CodeRow key={code.id} code={code} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
