import { LegalSummary } from '../../components/legal-summary';

export default function PrivacyPage() {
  return <LegalSummary document="privacy" />;
}
