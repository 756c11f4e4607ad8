import { ActionIcon, Anchor, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconBrandDiscord,
  IconBrandQq,
  IconBrandTelegram,
  IconBrandWechat,
  IconBrandWhatsapp,
  IconExternalLink,
  IconMail,
  IconMessageCircle,
  IconWorld,
} from '@tabler/icons-react';
import type { ChannelType } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { CopyAction } from '../../components/copy-action';

const ICONS: Record<ChannelType, typeof IconMail> = {
  email: IconMail,
  telegram: IconBrandTelegram,
  discord: IconBrandDiscord,
  wechat: IconBrandWechat,
  qq: IconBrandQq,
  whatsapp: IconBrandWhatsapp,
  website: IconWorld,
  other: IconMessageCircle,
};

export function ChannelIcon({ type, size = 'lg' }: { type: ChannelType; size?: 'md' | 'lg' }) {
  const Icon = ICONS[type];
  return (
    <ThemeIcon variant="light" size={size} radius="md" aria-hidden>
      <Icon size={size === 'lg' ? 20 : 16} />
    </ThemeIcon>
  );
}

/** A handle or address the user can copy, and open when the operator gave a link (http(s) or mailto only). */
export function ChannelValue({ type, value, url }: { type: ChannelType; value: string; url: string | null }) {
  const { t } = useTranslation();
  const safe = url && /^(https?:\/\/|mailto:)/i.test(url) ? url : null;
  const name = t(`site.channelTypes.${type}`);
  return (
    <Group gap={4} wrap="nowrap" data-testid="channel-value">
      {safe ? (
        <Anchor
          href={safe}
          target="_blank"
          rel="noopener noreferrer"
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
        >
          {value}
        </Anchor>
      ) : (
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      )}
      <CopyAction value={value} label={name} />
      {safe && (
        <Tooltip label={t('site.open')} withArrow>
          <ActionIcon
            component="a"
            href={safe}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            aria-label={`${t('site.open')} ${name}`}
          >
            <IconExternalLink size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
