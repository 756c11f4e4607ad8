import { Badge } from '@mantine/core';
import {
  IconBrandAndroid,
  IconBrandApple,
  IconBrandUbuntu,
  IconBrandWindows,
  IconDeviceMobile,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { HelpPlatform } from '@portal/contract';

const ICONS = {
  windows: IconBrandWindows,
  macos: IconBrandApple,
  ios: IconDeviceMobile,
  android: IconBrandAndroid,
  linux: IconBrandUbuntu,
} as const;

/** The platform a document is written for; nothing for documents that apply everywhere. */
export function PlatformBadge({ platform }: { platform: HelpPlatform | null }) {
  const { t } = useTranslation();
  if (!platform) return null;
  const Icon = ICONS[platform];
  return (
    <Badge
      variant="light"
      tt="none"
      color="indigo"
      radius="sm"
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="help-platform"
      data-platform={platform}
    >
      {t(`help.platforms.${platform}`)}
    </Badge>
  );
}
