import { Button, CopyButton, SimpleGrid } from '@mantine/core';
import {
  IconBolt,
  IconCheck,
  IconCopy,
  IconCreditCard,
  IconHelp,
  IconLink,
  IconMessagePlus,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMySubscriptions, useQuickLink } from './api';
import { DashboardCard } from './dashboard-card';

/** Shortcuts: top up, buy or renew, the subscription link (copy, or its page), a new ticket, help. */
export function QuickActionsCard({ restricted }: { restricted: boolean }) {
  const { t } = useTranslation();
  const link = useQuickLink(!restricted);
  // The subscriptions card's call (one cache entry): with a subscription, the shortcut renews it.
  const subscribed = (useMySubscriptions(!restricted).data ?? []).length > 0;
  return (
    <DashboardCard
      testId="dashboard-quick"
      title={t('dashboard.quick.title')}
      icon={<IconBolt size={20} />}
      color="yellow"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button
          component={Link}
          to="/recharge"
          variant="light"
          justify="flex-start"
          leftSection={<IconCreditCard size={16} aria-hidden />}
          data-testid="quick-recharge"
        >
          {t('dashboard.quick.recharge')}
        </Button>
        <Button
          component={Link}
          to={subscribed ? '/subscription?tab=my' : '/subscription'}
          variant="light"
          justify="flex-start"
          leftSection={<IconShoppingCart size={16} aria-hidden />}
          data-testid="quick-subscribe"
        >
          {subscribed ? t('dashboard.quick.renew') : t('dashboard.quick.buy')}
        </Button>
        {link.isSuccess ? (
          <CopyButton value={link.data.url} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : 'blue'}
                justify="flex-start"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                data-testid="quick-copy-link"
                data-copied={copied ? 'true' : undefined}
              >
                {copied ? t('dashboard.quick.copied') : t('dashboard.quick.copyLink')}
              </Button>
            )}
          </CopyButton>
        ) : (
          <Button
            component={Link}
            to="/subscription/link"
            variant="light"
            justify="flex-start"
            leftSection={<IconLink size={16} aria-hidden />}
            data-testid="quick-link-page"
          >
            {t('dashboard.quick.linkPage')}
          </Button>
        )}
        <Button
          component={Link}
          to="/support?new=1"
          variant="light"
          justify="flex-start"
          leftSection={<IconMessagePlus size={16} aria-hidden />}
          data-testid="quick-ticket"
        >
          {t('dashboard.quick.ticket')}
        </Button>
        <Button
          component={Link}
          to="/help"
          variant="light"
          justify="flex-start"
          leftSection={<IconHelp size={16} aria-hidden />}
          data-testid="quick-help"
        >
          {t('dashboard.quick.help')}
        </Button>
        {link.isSuccess && (
          <Button
            component={Link}
            to="/subscription/link"
            variant="light"
            justify="flex-start"
            leftSection={<IconLink size={16} aria-hidden />}
            data-testid="quick-link-page"
          >
            {t('dashboard.quick.linkPage')}
          </Button>
        )}
      </SimpleGrid>
    </DashboardCard>
  );
}
