import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCurrencyDollar, IconTicket } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { useDealers } from './api';
import { ChannelIcon, ChannelValue } from './channel';
import { SiteError, SiteSkeleton } from './load-state';

/** /dealer: how to buy a recharge code, and the operator's dealer listings. */
export function DealerCenter() {
  const { t } = useTranslation();
  const dealers = useDealers();
  if (dealers.isPending) return <SiteSkeleton />;
  if (dealers.isError) return <SiteError error={dealers.error} onRetry={() => void dealers.refetch()} />;
  const { intro, how_to_buy, dealers: list } = dealers.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        {/* The page's h1 (the console header) already says "Dealers". */}
        {intro && <Text mb="md">{intro}</Text>}
        <Title order={2} size="h5" mb="xs">
          {t('site.dealer.howTitle')}
        </Title>
        <List type="ordered" spacing="xs" data-testid="dealer-steps">
          {how_to_buy.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Group mt="md" gap="sm">
          <Button component={Link} to="/recharge?tab=code" leftSection={<IconTicket size={16} aria-hidden />}>
            {t('site.dealer.redeem')}
          </Button>
          <Button
            component={Link}
            to="/recharge"
            variant="light"
            leftSection={<IconCurrencyDollar size={16} aria-hidden />}
          >
            {t('site.dealer.usdt')}
          </Button>
        </Group>
      </Card>

      <section aria-labelledby="dealer-list">
        <Title order={2} size="h4" id="dealer-list" mb="sm">
          {t('site.dealer.listTitle')}
        </Title>
        {list.length === 0 ? (
          <Text c="dimmed" data-testid="dealers-empty">
            {t('site.dealer.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.map((d) => (
              <Card key={d.name} withBorder radius="md" padding="md" data-testid="dealer-card">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600}>{d.name}</Text>
                    {d.region && (
                      <Badge variant="light" style={{ flexShrink: 0 }}>
                        {d.region}
                      </Badge>
                    )}
                  </Group>
                  {d.payment_methods.length > 0 && (
                    <Group gap={6}>
                      <Text size="sm" c="dimmed">
                        {t('site.dealer.payments')}
                      </Text>
                      {d.payment_methods.map((m) => (
                        <Badge key={m} variant="outline" color="gray" size="sm" tt="none">
                          {m}
                        </Badge>
                      ))}
                    </Group>
                  )}
                  {d.channels.map((c, i) => (
                    <Group key={`${c.type}-${i}`} gap="xs" wrap="nowrap">
                      <ChannelIcon type={c.type} size="md" />
                      <ChannelValue type={c.type} value={c.value} url={c.url} />
                    </Group>
                  ))}
                  {d.note && (
                    <Text size="sm" c="dimmed">
                      {d.note}
                    </Text>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>
    </Stack>
  );
}
