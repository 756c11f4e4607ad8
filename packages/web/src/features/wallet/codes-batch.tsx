import { Button, Card, CopyButton, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { GeneratedBatch } from './codes-generate-form';
import { CopyAction } from '../../components/copy-action';
import { yuan } from '../../lib/money';

/** The codes just generated, one per line, with copy-all and copy per code. */
export function CodesBatch({ batch }: { batch: GeneratedBatch }) {
  const { t } = useTranslation();
  const all = batch.codes.map((c) => c.code).join('\n');
  return (
    <Card withBorder padding="lg" radius="md" data-testid="codes-batch" data-batch={batch.batch_id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h4">
              {t('wallet.codes.batchTitle')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="codes-batch-summary">
              {t('wallet.codes.batchSummary', {
                count: batch.codes.length,
                total: yuan(batch.total),
                balance: yuan(batch.balance),
              })}
            </Text>
          </div>
          <CopyButton value={all} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
                data-testid="codes-copy-all"
              >
                {copied ? t('wallet.codes.copiedAll') : t('wallet.codes.copyAll')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {batch.codes.map((code) => (
              <Group key={code.id} component="li" gap={6} wrap="nowrap" data-testid="codes-batch-item">
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {code.code}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {yuan(code.amount)}
                </Text>
                <CopyAction value={code.code} label={t('wallet.codes.code')} />
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Card>
  );
}
