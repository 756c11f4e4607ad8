import { HelpCenter } from '../../features/help';

export default function HelpPage() {
  return <HelpCenter />;
}
