import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS } from '@portal/contract';
import { currentLocale, setLanguage } from '../i18n/i18n';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const active = i18n.language;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
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
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGE_OPTIONS.map((option) => (
          <Menu.Item
            key={option.code}
            lang={option.code.replace('_', '-')}
            data-testid={`language-option-${option.code}`}
            leftSection={<span aria-hidden>{option.flag}</span>}
            rightSection={option.code === active ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={option.code === active ? 'true' : undefined}
            onClick={() => void setLanguage(option.code)}
          >
            <Text size="sm">{option.nativeName}</Text>
            <Text size="xs" c="dimmed">
              {option.name}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
