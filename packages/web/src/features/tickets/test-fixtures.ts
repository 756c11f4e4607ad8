import type { TicketAttachment, TicketDetail, TicketReply, TicketSummary } from '@portal/contract';

export function summary(over: Partial<TicketSummary> = {}): TicketSummary {
  return {
    id: 1,
    ticket_no: 'T20261122048213',
    title: '无法连接东京节点',
    category: 'technical',
    priority: 'high',
    status: 'pending',
    reply_count: 0,
    last_reply_at: null,
    last_reply_by: null,
    created_at: '2026-11-22T02:00:00Z',
    updated_at: '2026-11-22T02:00:00Z',
    ...over,
  };
}

export function attachment(over: Partial<TicketAttachment> = {}): TicketAttachment {
  return {
    id: 11,
    file_name: 'screenshot.png',
    content_type: 'image/png',
    kind: 'image',
    size: 2048,
    url: '/api/v1/portal/tickets/attachments/11?expires=1800000000&sig=abc',
    created_at: '2026-11-22T02:00:00Z',
    ...over,
  };
}

export function replyOf(over: Partial<TicketReply> = {}): TicketReply {
  return {
    id: 100,
    content: '您好，我们正在排查。',
    is_staff: true,
    author_name: 'Alice',
    attachments: [],
    created_at: '2026-11-22T03:00:00Z',
    ...over,
  };
}

export function detail(over: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...summary(),
    description: '从今天早上开始，所有节点都连接超时。',
    attachments: [],
    replies: [],
    assignee_name: null,
    closed_at: null,
    ...over,
  };
}

export function pageOf<T>(items: T[], total = items.length, page = 1, size = 20) {
  return { items, total, page, size, pages: Math.ceil(total / size) };
}
