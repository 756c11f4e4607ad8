import { Card, Tabs } from '@mantine/core';
import { IconCurrencyDollar, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Topup } from '@portal/contract';
import { CodeRedeemForm } from './code-redeem-form';
import { UsdtOrderForm } from './usdt-order-form';
import { UsdtPaymentPanel } from './usdt-payment-panel';

type Tab = 'usdt' | 'code';

/** `?order=12` of an open USDT order (so a reload or the history page brings the payment panel back). */
function orderIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('order'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /recharge: USDT (order form, then the payment panel) or a top-up code. The tab and order live in the URL. */
export function RechargePanel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'code' ? 'code' : 'usdt';
  const orderId = orderIdOf(params);

  const setTab = (value: string | null) => {
    const next = new URLSearchParams();
    if (value === 'code') next.set('tab', 'code');
    if (orderId) next.set('order', String(orderId));
    setParams(next, { replace: true });
  };
  const showOrder = (order: Topup) => setParams({ order: String(order.id) });
  const newOrder = () => setParams({});

  return (
    <Card withBorder padding="lg" radius="md">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('wallet.recharge.tabs')} mb="lg">
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
        </Tabs.List>
        <Tabs.Panel value="usdt">
          {orderId ? (
            <UsdtPaymentPanel key={orderId} orderId={orderId} onNewOrder={newOrder} />
          ) : (
            <UsdtOrderForm onCreated={showOrder} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="code">
          <CodeRedeemForm />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
