import { describe, expect, it } from 'vitest';
import { chineseCopyReport, englishCopyReport } from '@portal/contract/copy-style';
import { announcementMail } from '../modules/announcements/announcement-mail.js';
import { segmentMail } from '../modules/auth/segment-mail.js';
import { autoRenewFailedMail, passwordResetMail, verificationMail } from '../modules/mail/templates.js';
import { DEFAULT_DEALERS, defaultContact } from '../modules/site/site-content.js';
import { staffReplyMail } from '../modules/tickets/ticket-mail.js';
import { DEMO_ANNOUNCEMENTS, DEMO_NODES, DEMO_PACKAGES } from './demo-catalogue.js';
import { DEMO_HELP_CATEGORIES, DEMO_HELP_DOCUMENTS } from './demo-help.js';
import { DEMO_CONTACT, DEMO_DEALERS } from './demo-site.js';

/** What a fresh install shows: the demo content and the defaults. */
const DEMO_CONTENT = {
  DEMO_ANNOUNCEMENTS,
  DEMO_NODES,
  DEMO_PACKAGES,
  DEMO_HELP_CATEGORIES,
  DEMO_HELP_DOCUMENTS,
  DEMO_CONTACT,
  DEMO_DEALERS,
  DEFAULT_DEALERS,
  contact: defaultContact('support@example.com'),
};

// The house style of Chinese copy (您, full-width punctuation) holds for what the server writes in Chinese:
// its mails and the demo content a fresh install shows.
describe('Chinese copy the server writes', () => {
  it.each(['zh_CN', 'zh_TW'] as const)('%s mails keep the style', (locale) => {
    const site = 'Proxy Portal';
    const link = 'https://portal.example/path?x=1';
    const mails = [
      verificationMail(locale, site, link),
      passwordResetMail(locale, site, link),
      autoRenewFailedMail(locale, site, 'insufficient_balance', '基础版', '2026-12-01', link),
      autoRenewFailedMail(locale, site, 'package_unavailable', '基础版', '2026-12-01', link),
      announcementMail(locale, site, { title: '维护通知', excerpt: '今晚维护。' }, link),
      staffReplyMail(locale, site, { no: 'T1', title: '无法连接' }, '已处理。', link),
      segmentMail(locale, site, { subject: '通知', body: '正文。' }),
    ].map(({ subject, text }) => ({ subject, text }));
    expect(chineseCopyReport(mails)).toEqual([]);
  });

  it('demo content and defaults keep the style', () => {
    expect(chineseCopyReport(DEMO_CONTENT)).toEqual([]);
  });

  it('English mails and demo content write "email", not "e-mail"', () => {
    const site = 'Proxy Portal';
    const link = 'https://portal.example/path?x=1';
    const mails = [
      verificationMail('en', site, link),
      passwordResetMail('en', site, link),
      autoRenewFailedMail('en', site, 'insufficient_balance', 'Basic', '2026-12-01', link),
      announcementMail('en', site, { title: 'Maintenance', excerpt: 'Tonight.' }, link),
      staffReplyMail('en', site, { no: 'T1', title: 'Cannot connect' }, 'Fixed.', link),
    ].map(({ subject, text, html }) => ({ subject, text, html }));
    expect(englishCopyReport({ mails, ...DEMO_CONTENT })).toEqual([]);
  });
});
