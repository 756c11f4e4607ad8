import { LegalSummary } from '../../components/legal-summary';

export default function TermsPage() {
  return <LegalSummary document="terms" />;
}
