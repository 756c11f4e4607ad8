import { RechargeGate, TopupHistory } from '../../features/wallet';

export default function RechargeHistoryPage() {
  return (
    <RechargeGate>
      <TopupHistory />
    </RechargeGate>
  );
}
