import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { RestrictedNotice } from '../../components/restricted-notice';
import { useProfile } from '../../lib/account-queries';

/**
 * /recharge/* answers 40105 to unverified accounts: until the profile says the account is not restricted, none of
 * the children (and so none of their calls) are rendered.
 */
export function RechargeGate({ children }: { children: ReactNode }) {
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
