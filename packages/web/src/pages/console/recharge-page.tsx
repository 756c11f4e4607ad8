import { RechargeGate, RechargePanel } from '../../features/wallet';

export default function RechargePage() {
  return (
    <RechargeGate>
      <RechargePanel />
    </RechargeGate>
  );
}
