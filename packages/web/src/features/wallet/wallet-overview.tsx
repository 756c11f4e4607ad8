import { SimpleGrid, Stack } from '@mantine/core';
import { BalanceCard } from './balance-card';
import { BalanceChart } from './balance-chart';
import { LedgerTable } from './ledger-table';

/** /finance: balance with quick links, the 30-day chart (our own small SVG chart, no chunk of its own), the ledger. */
export function WalletOverview() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BalanceCard />
        <BalanceChart />
      </SimpleGrid>
      <LedgerTable />
    </Stack>
  );
}
