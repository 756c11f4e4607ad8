import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { userAdminApi } from '@portal/contract/admin';
import type { SegmentMailingInfo } from '@portal/contract/admin';
import { timeColumn, type DataColumn } from '../../components/data-list';
import { currentLocale } from '../../i18n/i18n';
import { formatDate } from '../../lib/format-date';
import { formatPercent } from '../../lib/format-number';
import { usePhone } from '../../lib/use-phone';
import { useCursorList } from '../api';
import { ConsoleModal } from '../console-modal';
import { CursorList } from './money-parts';

/** While the dialog is open, the progress of mailings still sending is asked again this often. */
const PROGRESS_REFRESH_MS = 5000;

/** Who a mailing went to, in words: each filter that was not "any". */
function useSegmentWords() {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  return (segment: SegmentMailingInfo['segment']): string[] => {
    const words: string[] = [];
    const pick = (value: string, yes: string, no: string) => {
      if (value === 'yes') words.push(yes);
      if (value === 'no') words.push(no);
    };
    pick(segment.verified, t('users.mailings.seg.verified'), t('users.mailings.seg.unverified'));
    pick(segment.disabled, t('users.mailings.seg.disabled'), t('users.mailings.seg.active'));
    pick(segment.subscribed, t('users.mailings.seg.subscribed'), t('users.mailings.seg.notSubscribed'));
    pick(segment.with_balance, t('users.mailings.seg.withBalance'), t('users.mailings.seg.noBalance'));
    if (segment.registered_from)
      words.push(t('users.mailings.seg.from', { date: formatDate(segment.registered_from, locale) }));
    if (segment.registered_to)
      words.push(t('users.mailings.seg.to', { date: formatDate(segment.registered_to, locale) }));
    return words;
  };
}

/** The segment mailings planned so far, newest first, each with how many of its mails are queued. */
export function MailingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const locale = currentLocale();
  const phone = usePhone();
  const list = useCursorList(userAdminApi.listMailings, {}, { size: 20, refetchMs: PROGRESS_REFRESH_MS });
  const segmentWords = useSegmentWords();
  const columns: DataColumn<SegmentMailingInfo>[] = [
    timeColumn(t('common.time'), (m) => m.created_at, locale),
    {
      key: 'subject',
      header: t('users.mail.subject'),
      card: 'title',
      cell: (m) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {m.subject}
          </Text>
          <Text size="xs" c="dimmed">
            {m.locales.map((l) => t(`users.mail.languages.${l}`)).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'segment',
      header: t('users.mailings.segment'),
      cell: (m) => (
        <Group gap={4}>
          {segmentWords(m.segment).map((word) => (
            <Badge key={word} variant="outline" color="gray" style={{ textTransform: 'none' }}>
              {word}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'progress',
      header: t('users.mailings.progress'),
      cell: (m) => (
        <Stack gap={4} miw={140}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Badge variant="light" color={m.status === 'done' ? 'teal' : 'blue'}>
              {t(`users.mailings.status.${m.status}`)}
            </Badge>
            <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {t('users.mailings.sent', { sent: m.sent, planned: m.planned })}
            </Text>
          </Group>
          <Progress
            value={m.planned > 0 ? (m.sent / m.planned) * 100 : 100}
            size="sm"
            aria-label={t('users.mailings.progressOf', {
              subject: m.subject,
              percent: formatPercent(m.planned > 0 ? (m.sent / m.planned) * 100 : 100, locale),
            })}
          />
        </Stack>
      ),
    },
    {
      key: 'by',
      header: t('users.mailings.by'),
      cell: (m) => m.created_by_email ?? '—',
    },
  ];
  return (
    <ConsoleModal
      opened
      onClose={onClose}
      title={t('users.mailings.title')}
      size="xl"
      fullScreen={phone}
      data-testid="users-mailings-dialog"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('users.mailings.intro')}
        </Text>
        <CursorList
          list={list}
          columns={columns}
          rowKey={(m) => m.id}
          rowAttributes={(m) => ({ 'data-testid': 'users-mailing', 'data-status': m.status })}
          label={t('users.mailings.title')}
          empty={t('users.mailings.none')}
          minWidth={760}
        />
      </Stack>
    </ConsoleModal>
  );
}
