import { DealerCenter } from '../../features/site';

export default function DealerPage() {
  return <DealerCenter />;
}
