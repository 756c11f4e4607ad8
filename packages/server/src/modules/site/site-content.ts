import {
  contactConfig,
  dealersConfig,
  type ContactConfig,
  type ContactInfo,
  type DealersConfig,
  type DealersInfo,
  type Locale,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { getMeta, setMeta } from '../../lib/meta-repository.js';
import type { StaffActor } from '../../lib/staff-actor.js';
import { recordAudit } from '../audit/audit-log.js';

export const CONTACT_KEY = 'site_contact';
export const DEALERS_KEY = 'site_dealers';

/** Until an operator configures the page: the support address and the 24-hour reply promise. */
export function defaultContact(supportEmail: string): ContactConfig {
  return {
    channels: [
      {
        type: 'email',
        value: supportEmail,
        url: `mailto:${supportEmail}`,
        label: { zh_CN: '邮件支持', zh_TW: '郵件支援', en: 'Email support' },
        note: {
          zh_CN: '请写明注册邮箱和问题经过，附上截图更快解决。',
          zh_TW: '請寫明註冊信箱和問題經過，附上截圖能更快解決。',
          en: 'Include your account email and what happened; a screenshot helps.',
        },
      },
    ],
    email_reply_hours: 24,
    hours: {
      zh_CN: '工单与邮件全天受理',
      zh_TW: '工單與郵件全天受理',
      en: 'Tickets and email are handled around the clock',
    },
  };
}

export const DEFAULT_DEALERS: DealersConfig = {
  intro: {
    zh_CN: '授权经销商出售充值码，可用当地常用的方式付款。充值码在「账户充值」页兑换后立即到账。',
    zh_TW: '授權經銷商販售儲值碼，可用當地常用的方式付款。儲值碼在「帳戶儲值」頁兌換後立即入帳。',
    en: 'Authorised dealers sell top-up codes for local payment methods. A code redeemed on the Top up page is credited immediately.',
  },
  how_to_buy: {
    zh_CN:
      '联系下方任一经销商，说明需要的金额\n按经销商提供的方式付款\n收到以 RC- 开头的充值码\n打开「账户充值」页的「充值码充值」，粘贴并兑换，余额立即增加',
    zh_TW:
      '聯繫下方任一經銷商，說明需要的金額\n依經銷商提供的方式付款\n收到以 RC- 開頭的儲值碼\n打開「帳戶儲值」頁的「儲值碼儲值」，貼上並兌換，餘額立即增加',
    en: "Contact any dealer below and say how much you need\nPay with one of the dealer's payment methods\nReceive a code starting with RC-\nOpen Top up → Top-up code, paste it and redeem it: your balance is credited immediately",
  },
  dealers: [],
};

function parse<T>(
  raw: string | null,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
): T | null {
  if (!raw) return null;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? (result.data as T) : null;
  } catch {
    return null;
  }
}

/** Operator-configured content kept in app_meta; a missing or unreadable entry falls back to the defaults. */
export class SiteContent {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly supportEmail: string,
  ) {}

  async contactConfig(): Promise<ContactConfig> {
    return parse(await getMeta(this.db, CONTACT_KEY), contactConfig) ?? defaultContact(this.supportEmail);
  }

  async dealersConfig(): Promise<DealersConfig> {
    return parse(await getMeta(this.db, DEALERS_KEY), dealersConfig) ?? DEFAULT_DEALERS;
  }

  async contact(locale: Locale): Promise<ContactInfo> {
    const c = await this.contactConfig();
    return {
      channels: c.channels.map((ch) => ({
        type: ch.type,
        value: ch.value,
        url: ch.url,
        label: ch.label[locale],
        note: ch.note[locale],
      })),
      email_reply_hours: c.email_reply_hours,
      hours: c.hours[locale],
    };
  }

  async dealers(locale: Locale): Promise<DealersInfo> {
    const d = await this.dealersConfig();
    return {
      intro: d.intro[locale],
      how_to_buy: d.how_to_buy[locale]
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      dealers: d.dealers.map((x) => ({
        name: x.name_translations?.[locale]?.trim() || x.name,
        region: x.region[locale],
        channels: x.channels,
        payment_methods: x.payment_methods,
        note: x.note[locale],
      })),
    };
  }

  /** Replaces the content under a key, with its record in the audit log (the whole value before and after). */
  async save(
    key: typeof CONTACT_KEY | typeof DEALERS_KEY,
    value: ContactConfig | DealersConfig,
    actor: StaffActor,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await getMeta(trx, key);
      await setMeta(trx, key, JSON.stringify(value));
      await recordAudit(trx, actor, {
        action: `site.${key === CONTACT_KEY ? 'contact' : 'dealers'}.update`,
        targetType: 'site_content',
        targetId: key,
        before: before === null ? null : { value: JSON.parse(before) as unknown },
        after: { value },
      });
    });
  }
}
