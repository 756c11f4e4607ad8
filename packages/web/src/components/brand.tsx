import { Group, Text, ThemeIcon } from '@mantine/core';
import type { MantineBreakpoint } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';

export function Brand({ compact = false, textFrom }: { compact?: boolean; textFrom?: MantineBreakpoint }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon
        size="lg"
        radius="md"
        variant="gradient"
        gradient={{ from: 'brand.8', to: 'brand.5', deg: 135 }}
        aria-hidden
      >
        <IconBolt size={20} />
      </ThemeIcon>
      {compact ? null : (
        <Text fw={800} size="lg" visibleFrom={textFrom} style={{ whiteSpace: 'nowrap' }}>
          {t('common.appName')}
        </Text>
      )}
    </Group>
  );
}
