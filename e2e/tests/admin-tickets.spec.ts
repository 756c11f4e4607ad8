import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeFindings } from './axe';
import { operator } from './operator';
import { shots } from './shots';
import { createVerifiedUser, customerAddress, signIn, signInStaff, type TestUser } from './session';

const API = '/api/v1/portal';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(20000);
  return body.data;
}

/** The customer's side through the portal's API: a ticket with a log file attached. */
async function openTicket(request: APIRequestContext, user: TestUser) {
  const { access_token } = await data<{ access_token: string }>(
    await request.post(`${API}/auth/login`, {
      headers: { 'x-forwarded-for': customerAddress() },
      data: { email: user.email, password: user.password },
    }),
  );
  const headers = { authorization: `Bearer ${access_token}` };
  const log = 'connect tokyo-01: i/o timeout\nconnect tokyo-01: i/o timeout\n';
  const file = await data<{ id: number }>(
    await request.post(`${API}/tickets/upload`, {
      headers,
      multipart: { file: { name: 'client.log', mimeType: 'text/plain', buffer: Buffer.from(log) } },
    }),
  );
  const ticket = await data<{ id: number; ticket_no: string }>(
    await request.post(`${API}/tickets`, {
      headers,
      data: {
        title: '东京节点连接超时',
        category: 'technical',
        priority: 'high',
        description: '从今天早上开始，客户端连接东京 01 节点一直超时，日志见附件。',
        attachment_ids: [file.id],
      },
    }),
  );
  return { ...ticket, log };
}

/**
 * A customer opens a ticket; a support staff member follows the overview's "waiting for staff" figure to the
 * filtered list, opens the ticket, downloads the customer's file, takes the ticket and answers; the customer sees
 * the answer on their ticket page.
 */
test('support takes a pending ticket from the overview, answers it, and the customer reads the answer', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await createVerifiedUser(request, 'Ticket customer');
  const desk = await createVerifiedUser(request, 'Support desk');
  expect(operator('user:promote', desk.email, '--role', 'support')).toContain('the support role');
  const ticket = await openTicket(request, customer);

  const staffContext = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  const page = await staffContext.newPage();
  await signInStaff(page, desk);
  await page.goto('/admin');
  const pending = page.getByTestId('overview-tickets-pending-link');
  await expect(page.getByTestId('overview-tickets-pending-value')).not.toHaveText('0');
  await pending.click();

  await expect(page.getByTestId('admin-page-title')).toHaveText('工单');
  expect(new URL(page.url()).searchParams.get('status')).toBe('pending');
  await expect(page.getByTestId('tickets-filter-status')).toHaveValue('pending');
  const row = page.getByTestId('ticket-row').filter({ hasText: ticket.ticket_no });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText('未分配');
  // Only pending tickets in the filtered list.
  const statuses = await page
    .getByTestId('ticket-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
  expect(new Set(statuses)).toEqual(new Set(['pending']));
  expect(await axeFindings(page)).toEqual([]);

  await row.getByTestId('ticket-link').click();
  await expect(page.getByTestId('admin-page-title')).toHaveText('东京节点连接超时');
  await expect(page).toHaveTitle(`工单 ${ticket.ticket_no} · 运营控制台`);
  await expect(page.getByTestId('ticket-number')).toHaveText(ticket.ticket_no);
  await expect(page.getByTestId('ticket-customer')).toContainText(customer.email);
  await expect(page.getByTestId('ticket-assignee')).toContainText('未分配');
  await expect(page.getByTestId('message-user')).toContainText('日志见附件');

  // The customer's file downloads as it was sent.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: '下载 client.log' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('client.log');
  expect(readFileSync((await download.path())!, 'utf8')).toBe(ticket.log);

  await page.getByTestId('ticket-assign-me').click();
  await expect(page.getByTestId('ticket-assignee')).toContainText('Support desk');
  await expect(page.getByTestId('ticket-assign-me')).toHaveCount(0);

  const answer = '我们已经调整了东京 01 的线路，请重新连接试试。';
  await page.getByTestId('staff-reply-input').fill(answer);
  await page.getByTestId('staff-reply-send').click();
  await expect(page.getByTestId('message-staff').last()).toContainText(answer);
  await expect(page.getByTestId('message-staff').last()).toContainText('Support desk');
  await expect(page.getByTestId('ticket-header').getByTestId('ticket-status')).toHaveAttribute(
    'data-status',
    'processing',
  );
  await expect(page.getByTestId('staff-reply-input')).toHaveValue('');
  expect(await axeFindings(page)).toEqual([]);
  await page.screenshot({ path: shots('admin-ticket-answered'), fullPage: true });

  // Back in the list: the ticket is no longer pending; under "assigned to me" it is there, being handled.
  await page.getByTestId('ticket-back').click();
  await page.getByTestId('tickets-filter-status').selectOption('processing');
  await page.getByTestId('tickets-filter-assignee').selectOption('me');
  await expect(page.getByTestId('ticket-row').filter({ hasText: ticket.ticket_no })).toHaveCount(1);
  expect(new URL(page.url()).search).toBe('?status=processing&assignee=me');
  await staffContext.close();

  // The customer sees the answer on their ticket page.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const portal = await customerContext.newPage();
  await signIn(portal, customer);
  await portal.goto(`/support/${ticket.id}`);
  await expect(portal.getByTestId('message-staff')).toContainText(answer);
  await expect(portal.getByTestId('ticket-status')).toHaveAttribute('data-status', 'processing');
  await customerContext.close();
});
