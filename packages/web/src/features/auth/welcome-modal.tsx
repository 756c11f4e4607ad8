import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../lib/router';
import { STORAGE_KEYS } from '@portal/contract';

function readFlag(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Shown once (product rules §4.2): the first-login flag is set and the shown-flag is absent (the email is
 * checked too).
 */
export function welcomePending(): boolean {
  return readFlag(STORAGE_KEYS.firstLogin) !== null && readFlag(STORAGE_KEYS.welcomeShown) === null;
}

function markWelcomeShown(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.welcomeShown, 'true');
    localStorage.removeItem(STORAGE_KEYS.firstLogin);
  } catch {
    // storage unavailable: the modal may show again next time
  }
}

interface WelcomeModalProps {
  /** Undefined while the profile loads. */
  emailVerified: boolean | undefined;
  /** Called once the modal is closed (other prompts, such as announcement popups, wait for it). */
  onClosed?: () => void;
}

/** The welcome prompt of the console, once after the first third-party login with a verified email. */
export function WelcomeModal({ emailVerified, onClosed }: WelcomeModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Read once when the console mounts; closing records the shown-flag for next time.
  const [pending, setPending] = useState(welcomePending);
  const opened = pending && emailVerified === true;

  const close = (to?: string) => {
    markWelcomeShown();
    setPending(false);
    onClosed?.();
    if (to) void navigate(to);
  };

  // Not rendered at all when closed: a closed Mantine modal still leaves its (empty) root in the page.
  if (!opened) return null;
  return (
    <Modal
      opened
      onClose={() => close()}
      title={t('welcome.title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="welcome-modal"
    >
      <Stack gap="md">
        <Text>{t('welcome.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close()} data-testid="welcome-ok">
            {t('welcome.ok')}
          </Button>
          <Button onClick={() => close('/subscription')} data-testid="welcome-subscription">
            {t('welcome.goSubscription')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
