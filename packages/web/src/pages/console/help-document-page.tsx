import { IconHelp } from '@tabler/icons-react';
import { ConsoleEmptyPage } from '../../components/console-empty-page';

/** /help/:documentId — one help document (filled in by the help feature). */
export default function HelpDocumentPage() {
  return <ConsoleEmptyPage page="help" icon={<IconHelp size={32} aria-hidden />} />;
}
