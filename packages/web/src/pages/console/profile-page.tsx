import { Alert, Stack } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { PageLoader } from '../../components/page-loader';
import { ProfileCard } from '../../features/account';
import { useProfile } from '../../lib/account-queries';

export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError)
    return (
      <Alert color="red" role="alert">
        {profile.error.message || t('profile.loadFailed')}
      </Alert>
    );
  return (
    <Stack maw={720} gap="lg">
      <ProfileCard profile={profile.data} />
    </Stack>
  );
}
