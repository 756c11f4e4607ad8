export { HelpCenter } from './help-center';
export { HelpDocumentView } from './document-view';
export type { FromHelpList } from './document-card';
