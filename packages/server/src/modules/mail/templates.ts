import type { Locale } from '@portal/contract';

/** Account mails in the user's language: HTML and plain text, with the site name and the link. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

interface LinkMailText {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  expiry: string;
  ignore: string;
}

const VERIFY: Record<Locale, LinkMailText> = {
  zh_CN: {
    subject: '验证您的邮箱 - {site}',
    greeting: '您好，',
    intro: '感谢注册 {site}。请点击下方按钮验证您的邮箱地址，验证后即可充值和购买套餐。',
    button: '验证邮箱',
    expiry: '链接 24 小时内有效，且只能使用一次。',
    ignore: '如果这不是您本人的操作，请忽略本邮件。',
  },
  zh_TW: {
    subject: '驗證您的電子郵件 - {site}',
    greeting: '您好，',
    intro: '感謝註冊 {site}。請點擊下方按鈕驗證您的電子郵件地址，驗證後即可儲值並購買方案。',
    button: '驗證電子郵件',
    expiry: '連結 24 小時內有效，且只能使用一次。',
    ignore: '如果這不是您本人的操作，請忽略本郵件。',
  },
  en: {
    subject: 'Verify your email address - {site}',
    greeting: 'Hello,',
    intro:
      'Thanks for signing up to {site}. Click the button below to verify your email address; then you can top up and buy a package.',
    button: 'Verify email',
    expiry: 'The link works once, within 24 hours.',
    ignore: 'If you did not sign up, you can ignore this mail.',
  },
};

const RESET: Record<Locale, LinkMailText> = {
  zh_CN: {
    subject: '重置密码 - {site}',
    greeting: '您好，',
    intro: '我们收到了重置您在 {site} 的账户密码的请求。请点击下方按钮设置新密码。',
    button: '重置密码',
    expiry: '链接 1 小时内有效，且只能使用一次。重置后所有设备需重新登录。',
    ignore: '如果您没有申请重置密码，请忽略本邮件，您的密码不会改变。',
  },
  zh_TW: {
    subject: '重設密碼 - {site}',
    greeting: '您好，',
    intro: '我們收到了重設您在 {site} 的帳戶密碼的請求。請點擊下方按鈕設定新密碼。',
    button: '重設密碼',
    expiry: '連結 1 小時內有效，且只能使用一次。重設後所有裝置需重新登入。',
    ignore: '如果您沒有申請重設密碼，請忽略本郵件，您的密碼不會改變。',
  },
  en: {
    subject: 'Reset your password - {site}',
    greeting: 'Hello,',
    intro:
      'We received a request to reset the password of your {site} account. Click the button below to choose a new one.',
    button: 'Reset password',
    expiry: 'The link works once, within 1 hour. Every device will need to log in again afterwards.',
    ignore: 'If you did not ask for this, ignore this mail; your password stays as it is.',
  },
};

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function linkMail(text: LinkMailText, site: string, link: string): MailContent {
  const fill = (s: string) => s.replaceAll('{site}', site);
  const subject = fill(text.subject);
  const plain = [
    text.greeting,
    '',
    fill(text.intro),
    '',
    link,
    '',
    text.expiry,
    text.ignore,
    '',
    `— ${site}`,
  ].join('\n');
  const e = (s: string) => escapeHtml(fill(s));
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,'Segoe UI',Roboto,'PingFang SC','Microsoft YaHei',sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${e(site)}</h1>
<p>${e(text.greeting)}</p>
<p>${e(text.intro)}</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="background:#228be6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${e(text.button)}</a></p>
<p style="font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#52606d">${e(text.expiry)}<br>${e(text.ignore)}</p>
</td></tr></table></body></html>`;
  return { subject, html, text: plain };
}

export function verificationMail(locale: Locale, site: string, link: string): MailContent {
  return linkMail(VERIFY[locale], site, link);
}

export function passwordResetMail(locale: Locale, site: string, link: string): MailContent {
  return linkMail(RESET[locale], site, link);
}

const RENEW_FAILED: Record<
  Locale,
  { subject: string; body: Record<'insufficient_balance' | 'package_unavailable', string>; action: string }
> = {
  zh_CN: {
    subject: '自动续费未成功 - {site}',
    body: {
      insufficient_balance:
        '您的订阅「{name}」将于 {end} 到期，自动续费因余额不足未能完成。请充值后手动续费，以免服务中断。',
      package_unavailable: '您的订阅「{name}」将于 {end} 到期，该套餐已下架，无法自动续费。请选择其他套餐。',
    },
    action: '前往处理',
  },
  zh_TW: {
    subject: '自動續費未成功 - {site}',
    body: {
      insufficient_balance:
        '您的訂閱「{name}」將於 {end} 到期，自動續費因餘額不足未能完成。請儲值後手動續費，以免服務中斷。',
      package_unavailable: '您的訂閱「{name}」將於 {end} 到期，該方案已下架，無法自動續費。請選擇其他方案。',
    },
    action: '前往處理',
  },
  en: {
    subject: 'Automatic renewal did not go through - {site}',
    body: {
      insufficient_balance:
        'Your subscription "{name}" ends on {end}. The automatic renewal failed because the balance is too low. Top up and renew to keep the service running.',
      package_unavailable:
        'Your subscription "{name}" ends on {end}. Its package is no longer sold, so it cannot renew automatically. Please choose another package.',
    },
    action: 'Take care of it',
  },
};

export function autoRenewFailedMail(
  locale: Locale,
  site: string,
  reason: 'insufficient_balance' | 'package_unavailable',
  name: string,
  end: string,
  link: string,
): MailContent {
  const t = RENEW_FAILED[locale];
  const fill = (s: string) =>
    s.replaceAll('{site}', site).replaceAll('{name}', name).replaceAll('{end}', end);
  const body = fill(t.body[reason]);
  return {
    subject: fill(t.subject),
    text: `${body}\n\n${link}\n\n— ${site}`,
    html: `<!doctype html><html><body style="font-family:sans-serif;color:#1f2933"><h1 style="font-size:20px">${escapeHtml(site)}</h1><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p></body></html>`,
  };
}
