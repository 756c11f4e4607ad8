import { VerifiedGate } from '../../components/verified-gate';
import { RechargePanel } from '../../features/wallet';

export default function RechargePage() {
  return (
    <VerifiedGate>
      <RechargePanel />
    </VerifiedGate>
  );
}
