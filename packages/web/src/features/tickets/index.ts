export { SupportCenter } from './support-center';
export { TicketView } from './ticket-view';
export { ticketIdOf } from './format';
export { useTicketNumber } from './api';
