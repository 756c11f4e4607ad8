export { HelpCenter } from './help-center';
export { HelpDocumentView } from './document-view';
