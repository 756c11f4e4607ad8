import type { Locale } from '@portal/contract';
import { escapeHtml, type MailContent } from '../mail/templates.js';

/** Why the customer gets the mail, under the staff member's text, in the customer's language. */
const WHY: Record<Locale, string> = {
  zh_CN: '您收到这封邮件，是因为您是 {site} 的注册用户。',
  zh_TW: '您收到這封郵件，是因為您是 {site} 的註冊用戶。',
  en: 'You receive this mail because you have an account at {site}.',
};

/** A mail staff wrote for a segment of customers: their subject and plain text, the site's name and why. */
export function segmentMail(
  locale: Locale,
  site: string,
  text: { subject: string; body: string },
): MailContent {
  const why = WHY[locale].replaceAll('{site}', site);
  const paragraphs = text.body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(site)}</h1>
${paragraphs}
<p style="font-size:13px;color:#52606d;margin-top:28px">${escapeHtml(why)}</p>
</td></tr></table></body></html>`;
  return { subject: text.subject, html, text: [text.body, '', why, `— ${site}`].join('\n') };
}
