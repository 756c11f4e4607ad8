import { Tabs } from '@mantine/core';
import { IconChartBar, IconListDetails, IconPackage } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from '../../lib/router';
import { VerifiedGate } from '../../components/verified-gate';
import { useProfile } from '../../lib/account-queries';
import { MySubscriptions } from './my-subscriptions';
import { PlansList } from './plans-list';
import { StatsPanel } from './stats-panel';
import { ScrollTabsList } from '../../components/scroll-tabs-list';

type Tab = 'plans' | 'my' | 'stats';
const TABS: readonly Tab[] = ['plans', 'my', 'stats'];

/**
 * /subscription: browse plans, my subscriptions, statistics. The tab (and a focused subscription) live in the URL.
 * The tabs sit on the page, not in a card: each tab's content is cards of its own (plans, subscriptions, figures,
 * the chart, the orders), and a card around them nested cards three deep on a phone.
 */
export function SubscriptionCenter() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = TABS.includes(raw as Tab) ? (raw as Tab) : 'plans';
  const focus = Number(params.get('focus'));
  const focusId = Number.isInteger(focus) && focus > 0 ? focus : null;
  const profile = useProfile();
  const restricted = profile.data?.status === 'restricted';

  const setTab = (value: string | null) => setParams(value && value !== 'plans' ? { tab: value } : {});
  const showSubscription = (id: number) => setParams({ tab: 'my', focus: String(id) });

  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <ScrollTabsList aria-label={t('subscriptions.tabs.label')} mb="lg">
        <Tabs.Tab
          value="plans"
          leftSection={<IconPackage size={16} aria-hidden />}
          data-testid="sub-tab-plans"
        >
          {t('subscriptions.tabs.plans')}
        </Tabs.Tab>
        <Tabs.Tab value="my" leftSection={<IconListDetails size={16} aria-hidden />} data-testid="sub-tab-my">
          {t('subscriptions.tabs.my')}
        </Tabs.Tab>
        <Tabs.Tab
          value="stats"
          leftSection={<IconChartBar size={16} aria-hidden />}
          data-testid="sub-tab-stats"
        >
          {t('subscriptions.tabs.stats')}
        </Tabs.Tab>
      </ScrollTabsList>
      <Tabs.Panel value="plans">
        <PlansList restricted={restricted} onPurchased={(s) => showSubscription(s.id)} />
      </Tabs.Panel>
      <Tabs.Panel value="my">
        <VerifiedGate>
          <MySubscriptions focusId={focusId} onFocus={showSubscription} onBrowse={() => setTab('plans')} />
        </VerifiedGate>
      </Tabs.Panel>
      <Tabs.Panel value="stats">
        <VerifiedGate>
          <StatsPanel />
        </VerifiedGate>
      </Tabs.Panel>
    </Tabs>
  );
}
