import { Card, Tabs } from '@mantine/core';
import { IconCurrencyDollar, IconTicket } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { useSearchParams } from '../../lib/router';
import { useRechargeConfigs } from './api';
import type { Topup } from '@portal/contract';
import { CodeRedeemForm } from './code-redeem-form';
import { UsdtOrderForm } from './usdt-order-form';
import { UsdtPaymentPanel } from './usdt-payment-panel';
import { ScrollTabsList } from '../../components/scroll-tabs-list';

type Tab = 'usdt' | 'code';

/** `?order=12` of an open USDT order (so a reload or the history page brings the payment panel back). */
function orderIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('order'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /recharge: USDT (order form, then the payment panel) or a top-up code. The tab and order live in the URL.
 * Without a tab in the URL it opens on the way that works: USDT, or the code when no USDT network is offered.
 */
export function RechargePanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const configs = useRechargeConfigs();
  const orderId = orderIdOf(params);
  const usdtOffered = !configs.isSuccess || configs.data.networks.length > 0;
  const fallback: Tab = orderId || usdtOffered ? 'usdt' : 'code';
  const asked = params.get('tab');
  const tab: Tab = asked === 'code' || asked === 'usdt' ? asked : fallback;

  const setTab = (value: string | null) => {
    const next = new URLSearchParams();
    if (value === 'code' || value === 'usdt') next.set('tab', value);
    if (orderId) next.set('order', String(orderId));
    setParams(next, { replace: true });
  };
  const showOrder = (order: Topup) => setParams({ order: String(order.id) });
  const newOrder = () => setParams({});

  return (
    <Card withBorder padding="lg" radius="md">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <ScrollTabsList aria-label={t('wallet.recharge.tabs')} mb="lg">
          <Tabs.Tab
            value="usdt"
            leftSection={<IconCurrencyDollar size={16} aria-hidden />}
            data-testid="recharge-tab-usdt"
          >
            {t('wallet.recharge.tabUsdt')}
          </Tabs.Tab>
          <Tabs.Tab
            value="code"
            leftSection={<IconTicket size={16} aria-hidden />}
            data-testid="recharge-tab-code"
          >
            {t('wallet.recharge.tabCode')}
          </Tabs.Tab>
        </ScrollTabsList>
        <Tabs.Panel value="usdt">
          {orderId ? (
            <UsdtPaymentPanel key={orderId} orderId={orderId} onNewOrder={newOrder} />
          ) : (
            <UsdtOrderForm onCreated={showOrder} onUseCode={() => setTab('code')} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="code">
          <CodeRedeemForm />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
