export { SupportCenter } from './support-center';
export { TicketView } from './ticket-view';
export { ticketIdOf } from './format';
export { useTicketNumber } from './api';
export { Conversation } from './conversation';
export type { ConversationViewer } from './conversation';
export { AttachmentPicker } from './attachment-picker';
export { useAttachmentUploads } from './use-attachment-uploads';
export { TicketStatusBadge, PriorityBadge } from './status-badge';
