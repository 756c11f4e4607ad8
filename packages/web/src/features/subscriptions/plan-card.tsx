import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Package } from '@portal/contract';
import { yuan } from '../../lib/money';
import type { AnnualSaving } from './format';
import { formatTraffic } from './format';

export function useTrafficLabel() {
  const { t } = useTranslation();
  return (bytes: string | null) => formatTraffic(bytes) ?? t('subscriptions.unlimited');
}

interface PlanCardProps {
  pkg: Package;
  saving: AnnualSaving | null;
  canBuy: boolean;
  onBuy: (pkg: Package) => void;
}

/** One package on sale: price per period, traffic, devices, speed, popular badge, honest annual saving. */
export function PlanCard({ pkg, saving, canBuy, onBuy }: PlanCardProps) {
  const { t } = useTranslation();
  const traffic = useTrafficLabel();
  const titleId = `plan-${pkg.id}-title`;
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="plan-card"
      data-package-id={pkg.id}
      style={pkg.popular ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {pkg.name}
          </Title>
          {pkg.popular && (
            <Badge variant="filled" data-testid="plan-popular">
              {t('subscriptions.plans.popular')}
            </Badge>
          )}
        </Group>
        {pkg.description && (
          <Text size="sm" c="dimmed">
            {pkg.description}
          </Text>
        )}
        <Group gap={4} align="baseline">
          <Text fz={28} fw={700} data-testid="plan-price">
            {yuan(pkg.price)}
          </Text>
          <Text size="sm" c="dimmed">
            / {t(`subscriptions.period.${pkg.type}`)}
          </Text>
        </Group>
        {saving && (
          <Badge color="teal" variant="light" data-testid="plan-saving" style={{ alignSelf: 'flex-start' }}>
            {t('subscriptions.plans.saving', { amount: yuan(saving.amount), percent: saving.percent })}
          </Badge>
        )}
        <List
          spacing={4}
          size="sm"
          icon={
            <ThemeIcon size={18} radius="xl" variant="light" color="teal">
              <IconCheck size={12} aria-hidden />
            </ThemeIcon>
          }
          style={{ flexGrow: 1 }}
        >
          <List.Item data-testid="plan-traffic">
            {pkg.traffic_bytes === null
              ? t('subscriptions.unlimited')
              : t('subscriptions.plans.traffic', { traffic: traffic(pkg.traffic_bytes) })}
          </List.Item>
          <List.Item>{t('subscriptions.plans.validity', { days: pkg.validity_days })}</List.Item>
          <List.Item>{t('subscriptions.plans.devices', { count: pkg.device_limit })}</List.Item>
          <List.Item>
            {pkg.speed_limit_mbps === null
              ? t('subscriptions.plans.speedUnlimited')
              : t('subscriptions.plans.speed', { speed: pkg.speed_limit_mbps })}
          </List.Item>
        </List>
        <Button
          fullWidth
          variant={pkg.popular ? 'filled' : 'light'}
          onClick={() => onBuy(pkg)}
          disabled={!canBuy || !pkg.on_sale}
          aria-label={t('subscriptions.plans.buyNamed', { name: pkg.name })}
          data-testid="plan-buy"
        >
          {t('subscriptions.plans.buy')}
        </Button>
      </Stack>
    </Card>
  );
}
