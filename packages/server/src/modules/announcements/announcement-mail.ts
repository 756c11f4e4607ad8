import type { Locale } from '@portal/contract';
import { escapeHtml, type MailContent } from '../mail/templates.js';

interface AnnouncementMailText {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  /** The plain-text mail's line with the link ({link}). */
  linkLine: string;
  why: string;
}

const TEXT: Record<Locale, AnnouncementMailText> = {
  zh_CN: {
    subject: '新公告：{title} - {site}',
    greeting: '您好，',
    intro: '{site} 发布了一条新公告：',
    button: '查看完整公告',
    linkLine: '查看完整公告：{link}',
    why: '您收到这封邮件，是因为您是 {site} 的注册用户。',
  },
  zh_TW: {
    subject: '新公告：{title} - {site}',
    greeting: '您好，',
    intro: '{site} 發布了一則新公告：',
    button: '查看完整公告',
    linkLine: '查看完整公告：{link}',
    why: '您收到這封郵件，是因為您是 {site} 的註冊用戶。',
  },
  en: {
    subject: 'New announcement: {title} - {site}',
    greeting: 'Hello,',
    intro: '{site} has published a new announcement:',
    button: 'Read the announcement',
    linkLine: 'Read the announcement: {link}',
    why: 'You receive this mail because you have an account at {site}.',
  },
};

/** The announcement mail in the user's language: the title, a short excerpt and the link to the announcement. */
export function announcementMail(
  locale: Locale,
  site: string,
  announcement: { title: string; excerpt: string },
  link: string,
): MailContent {
  const t = TEXT[locale];
  const fill = (s: string) => s.replaceAll('{site}', site).replaceAll('{title}', announcement.title);
  const text = [
    t.greeting,
    '',
    fill(t.intro),
    '',
    announcement.title,
    '',
    announcement.excerpt,
    '',
    t.linkLine.replaceAll('{link}', link),
    '',
    fill(t.why),
    `— ${site}`,
  ].join('\n');
  const e = (s: string) => escapeHtml(fill(s));
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(site)}</h1>
<p>${e(t.greeting)}</p>
<p>${e(t.intro)}</p>
<h2 style="font-size:18px;margin:20px 0 8px">${escapeHtml(announcement.title)}</h2>
<p style="color:#3e4c59">${escapeHtml(announcement.excerpt)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#228be6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${e(t.button)}</a></p>
<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#52606d">${e(t.why)}</p>
</td></tr></table></body></html>`;
  return { subject: fill(t.subject), html, text };
}
