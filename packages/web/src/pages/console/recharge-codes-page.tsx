import { CodesManager, RechargeGate } from '../../features/wallet';

export default function RechargeCodesPage() {
  return (
    <RechargeGate>
      <CodesManager />
    </RechargeGate>
  );
}
