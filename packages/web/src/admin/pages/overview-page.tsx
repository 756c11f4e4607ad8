import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffMe } from '@portal/contract/admin';
import { ADMIN_SECTIONS } from '../admin-sections';
import { PageTitle } from './page-title';

/** Who is signed in, with the role's permissions and the sections it opens. */
export function OverviewPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('admin');
  const sections = ADMIN_SECTIONS.filter(
    (s) => s.key !== 'overview' && me.permissions.includes(s.permission),
  );
  return (
    <>
      <PageTitle title={t('nav.overview')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg" data-testid="admin-me">
          <Stack gap="xs">
            <Text fw={600}>{t('overview.signedInAs', { email: me.email })}</Text>
            <Group gap="xs">
              <Text size="sm">{t('overview.role', { role: t(`roles.${me.role}`) })}</Text>
            </Group>
            <Title order={2} size="h5" mt="sm">
              {t('overview.permissions')}
            </Title>
            <Group gap={6}>
              {me.permissions.map((permission) => (
                <Badge key={permission} variant="outline" color="gray" tt="none">
                  {t(`permissions.${permission}`)}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('overview.sections')}
            </Title>
            {sections.map(({ key, path, Icon }) => (
              <Anchor key={key} component={Link} to={path}>
                <Group gap="xs" wrap="nowrap">
                  <Icon size={18} aria-hidden />
                  {t(`nav.${key}`)}
                </Group>
              </Anchor>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
    </>
  );
}
