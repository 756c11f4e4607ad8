import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';
import { toggledScheme } from '../theme/color-scheme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  // Read after mount, so a prerendered (light) page hydrates without a mismatch; the icons switch by CSS at once.
  const shown = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const label = shown === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-scheme={shown}
      onClick={() => setColorScheme(toggledScheme(shown))}
    >
      <IconSun size={18} aria-hidden className="mantine-light-hidden" />
      <IconMoon size={18} aria-hidden className="mantine-dark-hidden" />
    </ActionIcon>
  );
}
