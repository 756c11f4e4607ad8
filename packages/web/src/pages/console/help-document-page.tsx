import { useParams } from '../../lib/router';
import { HelpDocumentView } from '../../features/help';

function documentId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** /help/:documentId — one help document. */
export default function HelpDocumentPage() {
  const { documentId: param } = useParams();
  return <HelpDocumentView documentId={documentId(param)} />;
}
