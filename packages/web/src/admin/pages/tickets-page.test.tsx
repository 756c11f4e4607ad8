import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS } from '@portal/contract';
import type { AdminTicketDetail, AdminTicketSummary, StaffMe, TicketAssignee } from '@portal/contract/admin';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall } from '../../test/fake-fetch';
import { marker, renderRoutes } from '../../test/render';
import { adminPath, setupAdminPageTests } from '../test-setup';
import { TicketDetailPage } from './ticket-detail-page';
import { TicketsPage } from './tickets-page';

const url = (call: FakeCall) => new URL(call.url, 'http://x');
const path = adminPath;
const ME = (role: 'support' | 'viewer'): StaffMe => ({
  id: 9,
  email: 'desk@example.com',
  nickname: 'Desk',
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
});

const summary = (id: number, extra: Partial<AdminTicketSummary> = {}): AdminTicketSummary => ({
  id,
  ticket_no: `T20261124${String(id).padStart(6, '0')}`,
  title: `Ticket number ${id}`,
  category: 'technical',
  priority: 'high',
  status: 'pending',
  reply_count: 0,
  last_reply_at: null,
  last_reply_by: null,
  created_at: '2026-11-24T08:00:00.000Z',
  updated_at: '2026-11-24T09:00:00.000Z',
  user_id: 100 + id,
  user_email: `customer${id}@example.com`,
  assignee_id: null,
  assignee_name: null,
  ...extra,
});

const ASSIGNEES: TicketAssignee[] = [
  { id: 9, email: 'desk@example.com', nickname: 'Desk', role: 'support' },
  { id: 12, email: 'boss@example.com', nickname: null, role: 'owner' },
];

const detail = (extra: Partial<AdminTicketDetail> = {}): AdminTicketDetail => ({
  ...summary(7),
  title: 'Hong Kong 02 is slow at night',
  description: 'Every night after eight the latency goes from 40 ms to 300 ms.',
  attachments: [
    {
      id: 31,
      file_name: 'trace.txt',
      content_type: 'text/plain; charset=utf-8',
      kind: 'text',
      size: 2048,
      url: '/api/v1/portal/tickets/attachments/31?expires=1&sig=abc',
      created_at: '2026-11-24T08:00:00.000Z',
    },
  ],
  replies: [
    {
      id: 1,
      content: 'We are looking at the route.',
      is_staff: true,
      author_name: 'boss@example.com',
      attachments: [],
      created_at: '2026-11-24T08:30:00.000Z',
    },
  ],
  assignee_name: null,
  closed_at: null,
  user_nickname: 'Walker',
  ...extra,
});

setupAdminPageTests();

describe('tickets page', () => {
  it('lists tickets with their customer, status and assignee, and loads the next page after the cursor', async () => {
    const { calls } = installFakeFetch((call) => {
      const p = path(call);
      if (p === '/tickets/assignees') return ok(ASSIGNEES);
      if (p === '/tickets') {
        const before = url(call).searchParams.get('before');
        return before === '2'
          ? ok({ items: [summary(1)], next_before: null })
          : ok({
              items: [
                summary(3, { status: 'processing', assignee_id: 12, assignee_name: 'boss@example.com' }),
                summary(2, { last_reply_by: 'user' }),
              ],
              next_before: 2,
            });
      }
      return ok(null);
    });
    renderRoutes(
      [
        { path: '/tickets', element: <TicketsPage me={ME('support')} /> },
        marker('/tickets/:id'),
        marker('/users/:id'),
      ],
      '/tickets',
    );
    const rows = await screen.findAllByTestId('ticket-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['processing', 'pending']);
    expect(rows[0]!.textContent).toContain('T20261124000003');
    expect(rows[0]!.textContent).toContain('Ticket number 3');
    expect(rows[0]!.textContent).toContain('Processing');
    expect(rows[0]!.textContent).toContain('boss@example.com');
    expect(rows[1]!.textContent).toContain('Nobody');
    expect(rows[1]!.textContent).toContain('Customer wrote last');
    expect(within(rows[1]!).getByTestId('ticket-customer').getAttribute('href')).toBe('/users/102');
    expect(within(rows[0]!).getByTestId('ticket-link').getAttribute('href')).toBe('/tickets/3');

    fireEvent.click(screen.getByTestId('tickets-more'));
    expect(await screen.findByText('Ticket number 1')).toBeTruthy();
    expect(screen.getAllByTestId('ticket-row')).toHaveLength(3);
    const asked = calls.filter((c) => path(c) === '/tickets').map((c) => url(c).searchParams.get('before'));
    expect(asked).toEqual([null, '2']);
    expect(screen.queryByTestId('tickets-more')).toBeNull();

    fireEvent.click(screen.getAllByTestId('ticket-row')[1]!);
    expect((await screen.findByTestId('at')).textContent).toBe('/tickets/:id');
  });

  it('starts from the filter in the URL (the overview links ?status=pending) and keeps a changed one there', async () => {
    const { calls } = installFakeFetch((call) => {
      const p = path(call);
      if (p === '/tickets/assignees') return ok(ASSIGNEES);
      if (p === '/tickets') return ok({ items: [summary(4)], next_before: null });
      return ok(null);
    });
    const { router } = renderRoutes(
      [{ path: '/tickets', element: <TicketsPage me={ME('support')} /> }],
      '/tickets?status=pending&assignee=none',
    );
    await screen.findAllByTestId('ticket-row');
    const first = url(calls.find((c) => path(c) === '/tickets')!).searchParams;
    expect([first.get('status'), first.get('unassigned'), first.get('assignee_id')]).toEqual([
      'pending',
      'true',
      null,
    ]);
    expect((screen.getByTestId('tickets-filter-status') as HTMLSelectElement).value).toBe('pending');
    expect((screen.getByTestId('tickets-filter-assignee') as HTMLSelectElement).value).toBe('none');

    // "Assigned to me" asks for the signed-in staff member's id; the URL follows.
    fireEvent.change(screen.getByTestId('tickets-filter-assignee'), { target: { value: 'me' } });
    await vi.waitFor(() =>
      expect(
        calls.some((c) => path(c) === '/tickets' && url(c).searchParams.get('assignee_id') === '9'),
      ).toBe(true),
    );
    const mine = url(calls.filter((c) => path(c) === '/tickets').at(-1)!).searchParams;
    expect([mine.get('status'), mine.get('unassigned')]).toEqual(['pending', null]);
    expect(router.state.location.search).toBe('?status=pending&assignee=me');

    // The longest waiting first: asked of the server, kept in the URL with the rest.
    fireEvent.change(screen.getByTestId('tickets-sort'), { target: { value: 'waiting' } });
    await vi.waitFor(() =>
      expect(url(calls.filter((c) => path(c) === '/tickets').at(-1)!).searchParams.get('sort')).toBe(
        'waiting',
      ),
    );
    expect(router.state.location.search).toBe('?status=pending&assignee=me&sort=waiting');
  });
});

describe('ticket page', () => {
  function serve(ticket: AdminTicketDetail, replyAnswer?: () => ReturnType<typeof ok>) {
    return installFakeFetch((call) => {
      const p = path(call);
      if (p === '/tickets/assignees') return ok(ASSIGNEES);
      if (p === `/tickets/${ticket.id}` && call.method === 'GET') return ok(ticket);
      if (p === `/tickets/${ticket.id}/reply`) return replyAnswer?.() ?? ok(ticket);
      if (p === `/tickets/${ticket.id}/assign`)
        return ok({ ...ticket, assignee_id: 9, assignee_name: 'Desk' });
      return ok(null);
    });
  }

  it('shows a viewer the ticket and its conversation, read only: no answer box, no actions', async () => {
    const { calls } = serve(detail());
    renderRoutes([{ path: '/tickets/:id', element: <TicketDetailPage me={ME('viewer')} /> }], '/tickets/7');
    expect((await screen.findByTestId('admin-page-title')).textContent).toBe('Hong Kong 02 is slow at night');
    expect(screen.getByTestId('ticket-number').textContent).toBe('T20261124000007');
    const customer = screen.getByTestId('ticket-customer');
    expect(within(customer).getByRole('link').getAttribute('href')).toBe('/users/107');
    expect(screen.getByTestId('message-user').textContent).toContain('Walker');
    expect(screen.getByTestId('message-staff').textContent).toContain('boss@example.com');
    const file = within(screen.getByTestId('message-user')).getByRole('link', { name: 'Download trace.txt' });
    expect(file.getAttribute('href')).toBe('/api/v1/portal/tickets/attachments/31?expires=1&sig=abc');
    expect(screen.getByTestId('ticket-read-only')).toBeTruthy();
    expect(screen.queryByTestId('staff-reply')).toBeNull();
    expect(screen.queryByTestId('ticket-actions')).toBeNull();
    expect(screen.queryByTestId('ticket-assign-me')).toBeNull();
    await vi.waitFor(() => expect(document.title).toBe("Ticket T20261124000007 · Operators' console"));
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('posts an answer with the chosen status, and shows a refusal in the reader language', async () => {
    let refuse = true;
    const { calls } = serve(detail(), () =>
      refuse ? fail(409, 40602, '工单已关闭') : ok(detail({ status: 'resolved' })),
    );
    renderRoutes([{ path: '/tickets/:id', element: <TicketDetailPage me={ME('support')} /> }], '/tickets/7');
    const box = await screen.findByTestId('staff-reply');
    fireEvent.click(within(box).getByTestId('staff-reply-send'));
    expect(await within(box).findByText('This field is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(box).getByTestId('staff-reply-input'), {
      target: { value: 'The route is fixed, please try again.' },
    });
    fireEvent.change(within(box).getByTestId('staff-reply-status'), { target: { value: 'resolved' } });
    fireEvent.click(within(box).getByTestId('staff-reply-send'));
    // The refusal in the reader's language (the catalogue's text of the code), not whatever the answer said.
    expect((await within(box).findByTestId('staff-reply-error')).textContent).toBe('This ticket is closed');
    refuse = false;
    fireEvent.click(within(box).getByTestId('staff-reply-send'));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const posted = calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(path(posted)).toBe('/tickets/7/reply');
    expect(posted.headers['Accept-Language'] ?? posted.headers['accept-language']).toBe('en');
    expect(posted.body).toEqual({
      content: 'The route is fixed, please try again.',
      attachment_ids: [],
      status: 'resolved',
    });
    await vi.waitFor(() =>
      expect((within(box).getByTestId('staff-reply-input') as HTMLTextAreaElement).value).toBe(''),
    );
    expect(await screen.findByText('Resolved', { selector: '[data-testid="ticket-status"] *' })).toBeTruthy();
  });

  it('assigns the ticket to the staff member signed in', async () => {
    const { calls } = serve(detail());
    renderRoutes([{ path: '/tickets/:id', element: <TicketDetailPage me={ME('support')} /> }], '/tickets/7');
    fireEvent.click(await screen.findByTestId('ticket-assign-me'));
    await vi.waitFor(() => expect(calls.some((c) => path(c) === '/tickets/7/assign')).toBe(true));
    expect(calls.find((c) => path(c) === '/tickets/7/assign')!.body).toEqual({ assignee_id: 9 });
    expect(await within(screen.getByTestId('ticket-assignee')).findByText('Desk')).toBeTruthy();
    expect(screen.queryByTestId('ticket-assign-me')).toBeNull();
  });
});
