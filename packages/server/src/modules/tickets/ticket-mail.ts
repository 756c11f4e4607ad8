import type { Locale } from '@portal/contract';
import { escapeHtml, type MailContent } from '../mail/templates.js';

/** The mail a customer gets when the support team answers their ticket, in the customer's language. */
interface StaffReplyText {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  footer: string;
}

const STAFF_REPLY: Record<Locale, StaffReplyText> = {
  zh_CN: {
    subject: '您的工单 {no} 有新的客服回复 - {site}',
    greeting: '您好，',
    intro: '客服已回复您的工单「{title}」（{no}）：',
    button: '查看工单',
    footer: '请在控制台中查看完整对话并继续回复，请勿直接回复本邮件。',
  },
  zh_TW: {
    subject: '您的工單 {no} 有新的客服回覆 - {site}',
    greeting: '您好，',
    intro: '客服已回覆您的工單「{title}」（{no}）：',
    button: '查看工單',
    footer: '請在控制台中查看完整對話並繼續回覆，請勿直接回覆本郵件。',
  },
  en: {
    subject: 'New reply from support on your ticket {no} - {site}',
    greeting: 'Hello,',
    intro: 'Our support team replied to your ticket "{title}" ({no}):',
    button: 'View ticket',
    footer: 'Read the whole conversation and answer in the console; replies to this mail are not read.',
  },
};

const EXCERPT_MAX = 1000;

export function staffReplyMail(
  locale: Locale,
  site: string,
  ticket: { no: string; title: string },
  reply: string,
  link: string,
): MailContent {
  const t = STAFF_REPLY[locale];
  const fill = (s: string) =>
    s.replaceAll('{site}', site).replaceAll('{no}', ticket.no).replaceAll('{title}', ticket.title);
  const excerpt = reply.length > EXCERPT_MAX ? `${reply.slice(0, EXCERPT_MAX)}…` : reply;
  const text = [t.greeting, '', fill(t.intro), '', excerpt, '', link, '', t.footer, '', `— ${site}`].join(
    '\n',
  );
  const quoted = escapeHtml(excerpt).replace(/\n/g, '<br>');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(site)}</h1>
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(fill(t.intro))}</p>
<blockquote style="margin:16px 0;padding:12px 16px;background:#f1f3f5;border-left:4px solid #228be6;border-radius:4px">${quoted}</blockquote>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#228be6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${escapeHtml(t.button)}</a></p>
<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#52606d">${escapeHtml(t.footer)}</p>
</td></tr></table></body></html>`;
  return { subject: fill(t.subject), html, text };
}
