import { Stack } from '@mantine/core';
import { ChangePasswordForm, OAuthBindingsCard, TwoFactorCard } from '../../features/account';

export default function SecurityPage() {
  return (
    <Stack maw={720} gap="lg">
      <ChangePasswordForm />
      <OAuthBindingsCard />
      <TwoFactorCard />
    </Stack>
  );
}
