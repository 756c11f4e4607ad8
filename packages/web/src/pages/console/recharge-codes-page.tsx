import { VerifiedGate } from '../../components/verified-gate';
import { CodesManager } from '../../features/wallet';

export default function RechargeCodesPage() {
  return (
    <VerifiedGate>
      <CodesManager />
    </VerifiedGate>
  );
}
