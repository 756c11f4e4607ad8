import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * The mails the portal sent over SMTP to the sink started with the server (e2e/support/serve.mjs); `dir` names
 * another server's sink (the empty portal's, `E2E_EMPTY_MAIL_DIR`).
 */
export function mails(dir = process.env.E2E_MAIL_DIR): Mail[] {
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Mail);
}

/** Waits for the newest mail to `to` whose text links to `linkPath`, and returns that link. */
export async function linkFromMail(to: string, linkPath: string, dir?: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = mails(dir)
          .filter((m) => m.to.includes(to))
          .reverse()
          .find((m) => m.text.includes(linkPath));
        const match = mail
          ? new RegExp(`https?://\\S+${linkPath}\\?token=[A-Za-z0-9_-]+`).exec(mail.text)
          : null;
        link = match?.[0] ?? '';
        return link;
      },
      { timeout: 15_000, message: `a mail to ${to} with a ${linkPath} link` },
    )
    .not.toBe('');
  return link;
}
