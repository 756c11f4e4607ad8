import { WalletOverview } from '../../features/wallet';

export default function FinancePage() {
  return <WalletOverview />;
}
