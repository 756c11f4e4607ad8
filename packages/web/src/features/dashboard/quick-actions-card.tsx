import { Button, CopyButton, SimpleGrid } from '@mantine/core';
import {
  IconBolt,
  IconCheck,
  IconCopy,
  IconLink,
  IconMessagePlus,
  IconShoppingCart,
  IconTicket,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { useMySubscriptions, useQuickLink } from './api';
import { DashboardCard } from './dashboard-card';

/**
 * A long label (English "Copy subscription link" in a narrow card) wraps onto a second line instead of being
 * cut mid-word: the button grows with its label.
 */
const WRAPPING_LABEL = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3, overflow: 'visible' },
} as const;

/** A shortcut to a console page. */
function Shortcut({
  to,
  icon,
  testId,
  children,
}: {
  to: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant="light"
      justify="flex-start"
      styles={WRAPPING_LABEL}
      leftSection={icon}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/**
 * Shortcuts to what is not already one click away on the dashboard: buy or renew, copy the subscription link (its
 * page while there is none to copy), redeem a top-up code, a new ticket. Topping up is the top bar's and the balance
 * card's; the node list is the node status card's; help is the sidebar's.
 */
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
      {/* Two columns only when the card itself is wide enough for them (a container query, not the screen's). */}
      <SimpleGrid type="container" cols={{ base: 1, '340px': 2 }} spacing="xs">
        <Shortcut
          to={subscribed ? '/subscription?tab=my' : '/subscription'}
          icon={<IconShoppingCart size={16} aria-hidden />}
          testId="quick-subscribe"
        >
          {subscribed ? t('dashboard.quick.renew') : t('dashboard.quick.buy')}
        </Shortcut>
        {link.isSuccess ? (
          <CopyButton value={link.data.url} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                justify="flex-start"
                styles={WRAPPING_LABEL}
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
          <Shortcut
            to="/subscription/link"
            icon={<IconLink size={16} aria-hidden />}
            testId="quick-link-page"
          >
            {t('dashboard.quick.linkPage')}
          </Shortcut>
        )}
        <Shortcut to="/recharge?tab=code" icon={<IconTicket size={16} aria-hidden />} testId="quick-redeem">
          {t('dashboard.quick.redeem')}
        </Shortcut>
        <Shortcut to="/support?new=1" icon={<IconMessagePlus size={16} aria-hidden />} testId="quick-ticket">
          {t('dashboard.quick.ticket')}
        </Shortcut>
      </SimpleGrid>
    </DashboardCard>
  );
}
