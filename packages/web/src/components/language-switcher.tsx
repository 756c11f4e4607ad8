import { ActionIcon, Text } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';
import { LANGUAGE_OPTIONS } from '@portal/contract';
import { currentLocale, setLanguage } from '../i18n/i18n';
import { FrameMenu } from './frame-menu';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const active = i18n.language;
  return (
    <FrameMenu
      position="bottom-end"
      width={220}
      target={
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('language.switcher')}
          title={t('language.switcher')}
          data-testid="language-switcher"
          data-locale={currentLocale()}
        >
          <IconLanguage size={18} aria-hidden />
        </ActionIcon>
      }
      items={LANGUAGE_OPTIONS.map((option) => ({
        key: option.code,
        lang: option.code.replace('_', '-'),
        testId: `language-option-${option.code}`,
        icon: <span aria-hidden>{option.flag}</span>,
        after: option.code === active ? <IconCheck size={16} aria-hidden /> : null,
        current: option.code === active ? 'true' : undefined,
        onSelect: () => void setLanguage(option.code),
        label: (
          <>
            <Text size="sm">{option.nativeName}</Text>
            <Text size="xs" c="dimmed">
              {option.name}
            </Text>
          </>
        ),
      }))}
    />
  );
}
