import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowUpRight, IconInfoCircle, IconLink, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ActionRow } from '../../components/action-row';
import { Link } from '../../lib/router';
import type { Subscription } from '@portal/contract';
import { currentLocale } from '../../i18n/i18n';
import { formatDate } from '../../lib/format-date';
import { formatPercent } from '../../lib/format-number';
import { useTrafficLabel } from './traffic-label';
import { SubscriptionStatusBadge } from './status-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

interface SubscriptionCardProps {
  subscription: Subscription;
  highlighted: boolean;
  autoRenewPending: boolean;
  onRenew: () => void;
  onUpgrade: () => void;
  onAutoRenew: (enabled: boolean) => void;
  onDetails: () => void;
  onShowSubscription: (id: number) => void;
}

/** One subscription: status, traffic bar, days remaining, end date, devices and the actions its status allows. */
export function SubscriptionCard({
  subscription: s,
  highlighted,
  autoRenewPending,
  onRenew,
  onUpgrade,
  onAutoRenew,
  onDetails,
  onShowSubscription,
}: SubscriptionCardProps) {
  const { t } = useTranslation();
  const traffic = useTrafficLabel();
  const locale = currentLocale();
  const titleId = `subscription-${s.id}-title`;
  const usage = s.usage_rate === null ? null : Math.min(Math.max(s.usage_rate, 0), 100);
  const live = s.status === 'active' || s.status === 'suspended';

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      id={`subscription-${s.id}`}
      aria-labelledby={titleId}
      data-testid="sub-card"
      data-status={s.status}
      data-id={s.id}
      data-highlighted={highlighted ? 'true' : undefined}
      style={
        highlighted
          ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 2 }
          : undefined
      }
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div>
            <Title order={3} size="h4" id={titleId}>
              {s.package_name}
            </Title>
            <Text size="xs" c="dimmed">
              {t('subscriptions.card.orderNo', { orderNo: s.order_no })}
            </Text>
          </div>
          <SubscriptionStatusBadge status={s.status} />
        </Group>

        {s.status === 'upgraded' ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            data-testid="sub-upgraded-note"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('subscriptions.card.upgradedText')}</Text>
              {s.upgraded_to !== null && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onShowSubscription(s.upgraded_to!)}
                  data-testid="sub-view-new"
                >
                  {t('subscriptions.card.viewNew')}
                </Button>
              )}
            </Stack>
          </Alert>
        ) : (
          <>
            <div>
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="sm">{t('subscriptions.card.traffic')}</Text>
                <Text size="sm" fw={500} data-testid="sub-traffic">
                  {s.traffic_limit === null
                    ? t('subscriptions.card.trafficUnlimited', { used: traffic(s.traffic_used) })
                    : t('subscriptions.card.trafficOf', {
                        used: traffic(s.traffic_used),
                        limit: traffic(s.traffic_limit),
                        percent: formatPercent(usage ?? 0, currentLocale()),
                      })}
                </Text>
              </Group>
              <Progress
                value={usage ?? 0}
                color={
                  usage !== null && usage >= 90 ? 'red' : usage !== null && usage >= 70 ? 'orange' : 'teal'
                }
                aria-label={t('subscriptions.card.usageLabel')}
                striped={usage === null}
              />
            </div>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Fact label={t('subscriptions.card.daysRemaining')}>
                <span data-testid="sub-days">
                  {t('subscriptions.card.days', { count: s.days_remaining })}
                </span>
              </Fact>
              <Fact label={t('subscriptions.card.endAt')}>{formatDate(s.end_at, locale)}</Fact>
              <Fact label={t('subscriptions.card.devices')}>{s.device_limit}</Fact>
            </SimpleGrid>
            {s.status === 'suspended' && (
              <Text size="sm" c="orange">
                {t('subscriptions.card.suspendedText')}
              </Text>
            )}
            {s.status === 'expired' && (
              <Text size="sm" c="dimmed">
                {t('subscriptions.card.expiredText')}
              </Text>
            )}
          </>
        )}

        <ActionRow>
          {live && (
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onRenew}
              data-testid="sub-renew"
            >
              {t('subscriptions.card.renew')}
            </Button>
          )}
          {s.status === 'expired' && (
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={onRenew}
              data-testid="sub-renew"
            >
              {t('subscriptions.card.reactivate')}
            </Button>
          )}
          {s.status === 'active' && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowUpRight size={14} aria-hidden />}
              onClick={onUpgrade}
              data-testid="sub-upgrade"
            >
              {t('subscriptions.card.upgrade')}
            </Button>
          )}
          {s.status !== 'upgraded' && (
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={`/subscription/link?subscription=${s.id}`}
              leftSection={<IconLink size={14} aria-hidden />}
              data-testid="sub-link"
            >
              {t('subscriptions.card.link')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onDetails} data-testid="sub-details-open">
            {t('subscriptions.card.details')}
          </Button>
        </ActionRow>
        {live && (
          <Switch
            checked={s.auto_renew}
            disabled={autoRenewPending}
            onChange={(event) => onAutoRenew(event.currentTarget.checked)}
            label={t('subscriptions.card.autoRenew')}
            description={t('subscriptions.card.autoRenewHint')}
            data-testid="sub-auto-renew"
          />
        )}
      </Stack>
    </Card>
  );
}
