import { VerifiedGate } from '../../components/verified-gate';
import { TopupHistory } from '../../features/wallet';

export default function RechargeHistoryPage() {
  return (
    <VerifiedGate>
      <TopupHistory />
    </VerifiedGate>
  );
}
