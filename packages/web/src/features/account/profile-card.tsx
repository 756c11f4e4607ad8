import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LIMITS, profileUpdateSchema } from '@portal/contract';
import type { UserProfile } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format-date';
import { notify } from '../../lib/notify';
import { useZodForm } from '../../lib/use-zod-form';
import { useUpdateProfile } from './api';

function Detail({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function NicknameForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const saved = profile.nickname ?? '';
  const form = useZodForm(profileUpdateSchema, { nickname: saved });
  const update = useUpdateProfile();
  const unchanged = form.values.nickname.trim() === saved;

  const submit = form.handleSubmit(async (data) => {
    try {
      await update.mutateAsync({ body: data });
      notify.success(t('profile.saved'));
    } catch (error) {
      notify.error(isApiError(error) ? error.message : t('profile.saveFailed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('profile.nickname')}>
      <Stack gap="xs">
        <TextInput
          label={t('profile.nickname')}
          placeholder={t('profile.nicknamePlaceholder')}
          description={t('profile.nicknameHint', { max: LIMITS.nicknameProfileMax })}
          autoComplete="nickname"
          {...form.bind('nickname')}
          data-testid="profile-nickname"
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={update.isPending}
            disabled={unchanged || update.isPending}
            data-testid="profile-save"
          >
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Avatar, nickname (editable, at most 30), email (read-only), status, level, last login, member since. */
export function ProfileCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const name = profile.nickname?.trim() || profile.email;
  const restricted = profile.status === 'restricted';
  const level = profile.level === 'regular' ? t('profile.levels.regular') : profile.level;

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="lg">
        <Group gap="md">
          <Avatar
            src={profile.avatar}
            size={64}
            radius="xl"
            alt={t('profile.avatar', { name })}
            color="brand"
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Title order={2} size="h4">
              {name}
            </Title>
            {/* Without a nickname the title is the address already. */}
            {name !== profile.email && (
              <Text c="dimmed" size="sm">
                {profile.email}
              </Text>
            )}
          </div>
        </Group>
        {/* Keyed by the saved nickname: after a save, the form starts from the new value. */}
        <NicknameForm key={profile.nickname ?? ''} profile={profile} />
        <TextInput
          label={t('profile.email')}
          description={t('profile.emailHint')}
          value={profile.email}
          readOnly
          variant="filled"
          data-testid="profile-email"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Detail
            label={t('profile.status')}
            testId="profile-status"
            value={
              <Badge color={restricted ? 'yellow' : 'teal'} variant="light">
                {restricted ? t('profile.statusRestricted') : t('profile.statusNormal')}
              </Badge>
            }
          />
          <Detail label={t('profile.level')} value={level} testId="profile-level" />
          <Detail
            label={t('profile.lastLogin')}
            value={profile.last_login_at ? formatDateTime(profile.last_login_at, locale) : t('profile.never')}
          />
          <Detail label={t('profile.memberSince')} value={formatDateTime(profile.created_at, locale)} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
