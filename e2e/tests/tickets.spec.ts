import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { mails } from './mailbox';
import { operator } from './operator';
import { createVerifiedUser, signIn, staffAccessToken } from './session';
import { shots } from './shots';

const API = '/api/v1/portal';
const ADMIN = '/api/v1/admin';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: a 64x48 blue-to-teal gradient, encoded here byte by byte. */
function gradientPng(width = 64, height = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = 34;
      row[2 + x * 3] = 139 + Math.round((x / width) * 60);
      row[3 + x * 3] = 230 - Math.round((y / height) * 80);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A customer opens a ticket with a screenshot, a staff member (an operator-promoted admin) answers through the staff
 * API, the answer appears on the open ticket page by itself and arrives by mail; the customer closes the ticket and
 * can no longer reply.
 */
test('a ticket with a screenshot, answered by staff, then closed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createVerifiedUser(request);
  const agent = await createVerifiedUser(request, 'Alice');
  expect(operator('user:promote', agent.email)).toContain('is now staff with the admin role');
  const staffToken = await staffAccessToken(request, agent);

  await signIn(page, user);
  await page.goto('/support');
  await expect(page.getByTestId('page-title')).toHaveText('工单支持');
  await expect(page.getByTestId('empty-state')).toContainText('还没有工单');

  // The new-ticket form, with a real PNG picked from disk.
  await page.getByTestId('ticket-new').click();
  const dialog = page.getByRole('dialog', { name: '新建工单' });
  await dialog.getByTestId('ticket-title').fill('东京节点连接超时');
  await dialog.getByTestId('ticket-category').selectOption('technical');
  await dialog.getByTestId('ticket-priority-select').selectOption('high');
  await dialog
    .getByTestId('ticket-description')
    .fill('从今天早上开始，连接东京 01 节点一直超时，截图见附件。');
  await dialog.getByTestId('attachment-input').setInputFiles({
    name: 'timeout-screenshot.png',
    mimeType: 'image/png',
    buffer: gradientPng(),
  });
  await expect(dialog.getByTestId('attachment-item')).toHaveAttribute('data-status', 'done');
  await page.screenshot({ path: shots('ticket-new-desktop-light') });
  await dialog.getByTestId('ticket-submit').click();

  await page.waitForURL(/\/support\/\d+$/);
  const ticketId = Number(new URL(page.url()).pathname.split('/').pop());
  // The subject is the page's one h1; the header gives the ticket its breadcrumb, not the list's name.
  await expect(page.getByTestId('ticket-title')).toHaveText('东京节点连接超时');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('东京节点连接超时');
  await expect(page.getByTestId('page-title')).toHaveCount(0);
  await expect(page.getByTestId('ticket-status')).toHaveText('待处理');
  const ticketNo = ((await page.getByTestId('ticket-no').textContent()) ?? '').replace('工单号 ', '');
  expect(ticketNo).toMatch(/^T\d{14}$/);
  // The breadcrumb names the ticket by the number it shows, not by its id in the address.
  await expect(page.getByTestId('breadcrumb')).toContainText(`工单 ${ticketNo}`);
  await expect(page.getByTestId('breadcrumb')).not.toContainText(`#${ticketId}`);
  // The screenshot shows as a thumbnail: the browser loaded it through its signed URL.
  const thumbnail = page
    .getByTestId('message-user')
    .first()
    .getByRole('img', { name: 'timeout-screenshot.png' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // Staff answer through the admin API while the customer keeps the page open.
  const answer = await request.post(`${ADMIN}/tickets/${ticketId}/reply`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { content: '您好，东京 01 的线路已切换，请更新订阅后重试。' },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(20000);
  const staffMessage = page.getByTestId('message-staff');
  await expect(staffMessage).toContainText('东京 01 的线路已切换', { timeout: 30_000 });
  await expect(staffMessage).toContainText('客服 · Alice');
  await expect(page.getByTestId('ticket-status')).toHaveText('处理中');
  await page.screenshot({ path: shots('ticket-detail-desktop-light'), fullPage: true });

  // The mail the portal sent about the answer, with the link to the ticket.
  await expect
    .poll(() => mails().find((m) => m.to.includes(user.email) && m.subject.includes(ticketNo))?.text ?? '', {
      timeout: 15_000,
      message: 'the staff reply mail',
    })
    .toContain(`/support/${ticketId}`);
  const mail = mails().find((m) => m.to.includes(user.email) && m.subject.includes(ticketNo))!;
  expect(mail.subject).toContain('有新的客服回复');
  expect(mail.text).toContain('东京 01 的线路已切换');

  // The list: the ticket with its status, marked as answered.
  await page.goto('/support');
  const row = page.getByTestId('ticket-row').filter({ hasText: '东京节点连接超时' });
  await expect(row.getByTestId('ticket-status')).toHaveText('处理中');
  await expect(row.getByTestId('ticket-staff-replied')).toBeVisible();
  await page.screenshot({ path: shots('tickets-desktop-light'), fullPage: true });

  // Close it, after confirming: the reply box is disabled and says why.
  await row.getByTestId('ticket-open').click();
  await page.getByTestId('ticket-close').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('ticket-status')).toHaveText('已关闭');
  await expect(page.getByTestId('reply-closed')).toContainText('此工单已关闭');
  await expect(page.getByTestId('reply-input')).toBeDisabled();
  await expect(page.getByTestId('reply-send')).toBeDisabled();
  await expect(page.getByTestId('ticket-close')).toHaveCount(0);
  // The API agrees: no more replies.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const refused = await request.post(`${API}/tickets/${ticketId}/reply`, {
    headers: { authorization: `Bearer ${token}` },
    data: { content: 'one more thing' },
  });
  expect(((await refused.json()) as { code: number }).code).toBe(40602);

  // Phone width, dark theme: the closed ticket and the list as cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByTestId('message-staff')).toBeVisible();
  await page.screenshot({ path: shots('ticket-detail-phone-dark'), fullPage: true });
  await page.goto('/support');
  await expect(page.getByTestId('ticket-card').first()).toBeVisible();
  await page.screenshot({ path: shots('tickets-phone-dark'), fullPage: true });
  await page.getByTestId('ticket-new').click();
  await expect(page.getByRole('dialog', { name: '新建工单' })).toBeVisible();
  await page.screenshot({ path: shots('ticket-new-phone-dark') });

  // A wide desktop in the dark theme, and the phone in the light one.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/support/${ticketId}`);
  await expect(page.getByTestId('reply-closed')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.screenshot({ path: shots('ticket-detail-wide-dark'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.screenshot({ path: shots('ticket-detail-phone-light'), fullPage: true });
});
