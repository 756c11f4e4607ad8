import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { BalanceCard } from './balance-card';
import { LedgerTable } from './ledger-table';

/** The chart library is loaded only by /finance, not by the other wallet pages. */
const BalanceChart = lazy(() => import('./balance-chart').then((m) => ({ default: m.BalanceChart })));

function ChartPlaceholder() {
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <Skeleton height={260} />
    </Card>
  );
}

/** /finance: balance with quick links, the 30-day chart, the ledger. */
export function WalletOverview() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BalanceCard />
        <Suspense fallback={<ChartPlaceholder />}>
          <BalanceChart />
        </Suspense>
      </SimpleGrid>
      <LedgerTable />
    </Stack>
  );
}
