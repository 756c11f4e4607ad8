import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useProfile } from '../lib/account-queries';
import { PageLoader } from './page-loader';
import { RestrictedNotice } from './restricted-notice';

/**
 * Top-up and most subscription calls answer 40105 to unverified (restricted) accounts: until the profile says the
 * account is not restricted, none of the children (and so none of their calls) are rendered; a restricted account
 * sees the lock notice instead.
 */
export function VerifiedGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError)
    return (
      <Alert color="red" role="alert">
        {profile.error.message || t('common.loadFailed')}
      </Alert>
    );
  if (profile.data.status === 'restricted') return <RestrictedNotice />;
  return <>{children}</>;
}
