import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * The lock notice of a feature an unverified (restricted) account cannot use yet: recharge and subscription.
 * The page decides when to show it (profile status 'restricted').
 */
export function RestrictedNotice({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      title={t('restricted.title')}
      data-testid="restricted-notice"
    >
      {t('restricted.text')}
      {children}
    </Alert>
  );
}
