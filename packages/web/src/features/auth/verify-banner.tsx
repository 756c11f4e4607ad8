import { Alert, Button, CloseButton, Group, Text, Transition } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { authApi, LAYOUT } from '@portal/contract';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';

/** sessionStorage: dismissed for this browser session only. */
export const BANNER_DISMISSED_KEY = 'verify_banner_dismissed';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(BANNER_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The console's reminder for an unverified email (product rules §2): resend the mail, or close it; it fades out
 * and is gone 300 ms after the close, and stays away for the rest of the browser session.
 */
export function VerifyBanner({ emailVerified }: { emailVerified: boolean | undefined }) {
  const { t } = useTranslation();
  const [closing, setClosing] = useState(false);
  const [hidden, setHidden] = useState(dismissedThisSession);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (emailVerified !== false || hidden) return null;

  const close = () => {
    setClosing(true);
    try {
      sessionStorage.setItem(BANNER_DISMISSED_KEY, 'true');
    } catch {
      // storage unavailable: dismissed until the next reload
    }
    timer.current = setTimeout(() => setHidden(true), LAYOUT.bannerHideDelayMs);
  };

  const resend = async () => {
    setSending(true);
    try {
      await apiRequest(authApi.resendVerification);
      notify.success(t('banner.resent'));
    } catch (error) {
      notify.error(isApiError(error) ? error.message : t('banner.resendFailed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Transition mounted={!closing} transition="fade" duration={LAYOUT.bannerHideDelayMs} keepMounted>
      {(styles) => (
        <Alert
          style={styles}
          color="yellow"
          variant="light"
          mb="md"
          icon={<IconMailExclamation size={18} aria-hidden />}
          role="status"
          data-testid="verify-banner"
          data-closing={closing || undefined}
        >
          {/* Wraps on a narrow screen: the text takes the full width, the resend button and × go below it. */}
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 16rem', minWidth: 0 }}>
              {t('banner.text')}
            </Text>
            <Group gap="xs" wrap="nowrap" ml="auto">
              <Button
                size="xs"
                variant="light"
                color="yellow"
                loading={sending}
                onClick={() => void resend()}
                data-testid="verify-banner-resend"
              >
                {t('banner.resend')}
              </Button>
              <CloseButton
                size="sm"
                aria-label={t('banner.close')}
                onClick={close}
                disabled={closing}
                data-testid="verify-banner-close"
              />
            </Group>
          </Group>
        </Alert>
      )}
    </Transition>
  );
}
