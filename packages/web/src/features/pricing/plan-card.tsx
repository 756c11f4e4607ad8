import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import type { Package } from '@portal/contract';
import { yuan } from '../../lib/money';
import type { CycleSaving } from '../../lib/package-pricing';
import { formatTraffic } from '../../lib/package-pricing';
import classes from './pricing-plans.module.css';

/** A package's traffic as a phrase of its own: "200 GB traffic" or "Unlimited traffic" (never both words). */
export function useTrafficPhrase() {
  const { t } = useTranslation();
  return (bytes: string | null) => {
    const amount = formatTraffic(bytes);
    return amount === null
      ? t('subscriptions.unlimited')
      : t('subscriptions.plans.traffic', { traffic: amount });
  };
}

export interface PlanCardProps {
  pkg: Package;
  saving: CycleSaving | null;
  /** The button's visible text ("Buy now"); its description is the plan's name. */
  actionLabel: string;
  /** False: the button is shown disabled (restricted account); a package not on sale is always disabled. */
  canBuy: boolean;
  onBuy: (pkg: Package) => void;
  /** The primary colour of the buttons and badges (the landing page uses its darker accent). */
  color?: MantineColor;
  /** The card's test id (`plan-card`; the landing page keeps `landing-plan`). */
  testId?: string;
  /** The customer already holds this package: its button says "Renew" (and first offers renewal or another one). */
  held?: boolean;
}

/** One package on sale: name, price per cycle, the saving against monthly, traffic, devices, speed, validity. */
export function PlanCard({
  pkg,
  saving,
  actionLabel,
  canBuy,
  onBuy,
  color,
  testId = 'plan-card',
  held = false,
}: PlanCardProps) {
  const { t } = useTranslation();
  const trafficPhrase = useTrafficPhrase();
  const titleId = `${testId}-${pkg.id}-title`;
  return (
    <Card
      withBorder
      padding="xl"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      data-popular={pkg.popular || undefined}
      data-held={held || undefined}
      data-testid={testId}
      data-package-id={pkg.id}
    >
      <Stack gap="md" h="100%">
        <div>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={3} size="h4" id={titleId} data-testid="plan-name">
              {pkg.name}
            </Title>
            <Group gap={4} wrap="nowrap">
              {held && (
                <Badge variant="light" color="teal" className={classes.badge} data-testid="plan-held">
                  {t('subscriptions.plans.held')}
                </Badge>
              )}
              {pkg.popular && (
                <Badge variant="filled" color={color} className={classes.badge} data-testid="plan-popular">
                  {t('subscriptions.plans.popular')}
                </Badge>
              )}
            </Group>
          </Group>
          {pkg.description && (
            <Text size="sm" c="dimmed" mt={4}>
              {pkg.description}
            </Text>
          )}
        </div>
        <div>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text component="span" fz={32} fw={800} lh={1} data-testid="plan-price">
              {yuan(pkg.price)}
            </Text>
            <Text component="span" size="sm" c="dimmed">
              / {t(`subscriptions.period.${pkg.type}`, { count: pkg.validity_days })}
            </Text>
          </Group>
          {saving && (
            <Badge
              color="teal.9"
              variant="filled"
              mt="xs"
              className={classes.badge}
              data-testid="plan-saving"
              data-amount={saving.amount}
              data-percent={saving.percent}
            >
              {t('subscriptions.plans.saving', { percent: saving.percent })}
            </Badge>
          )}
        </div>
        <List
          spacing="xs"
          size="sm"
          className={classes.grow}
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="teal" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          <List.Item data-testid="plan-traffic">{trafficPhrase(pkg.traffic_bytes)}</List.Item>
          <List.Item data-testid="plan-devices">
            {t('subscriptions.plans.devices', { count: pkg.device_limit })}
          </List.Item>
          <List.Item>
            {pkg.speed_limit_mbps === null
              ? t('subscriptions.plans.speedUnlimited')
              : t('subscriptions.plans.speed', { speed: pkg.speed_limit_mbps })}
          </List.Item>
          <List.Item>{t('subscriptions.plans.validity', { count: pkg.validity_days })}</List.Item>
        </List>
        <Button
          fullWidth
          color={color}
          variant={pkg.popular ? 'filled' : 'default'}
          onClick={() => onBuy(pkg)}
          disabled={!canBuy || !pkg.on_sale}
          aria-describedby={titleId}
          data-testid="plan-buy"
        >
          {held ? t('subscriptions.plans.heldAction') : actionLabel}
        </Button>
      </Stack>
    </Card>
  );
}
