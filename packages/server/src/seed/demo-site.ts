import type { ContactConfig, DealersConfig } from '@portal/contract';
import { DEFAULT_DEALERS } from '../modules/site/site-content.js';

/** The demo's contact page: email, a Telegram channel and a ticket hint. Operators replace it via the staff API. */
export const DEMO_CONTACT: ContactConfig = {
  channels: [
    {
      type: 'email',
      value: 'support@example.com',
      url: 'mailto:support@example.com',
      label: { zh_CN: '邮件支持', zh_TW: '郵件支援', en: 'Email support' },
      note: {
        zh_CN: '请写明注册邮箱和问题经过，附上截图更快解决。',
        zh_TW: '請寫明註冊信箱和問題經過，附上截圖能更快解決。',
        en: 'Include your account email and what happened; a screenshot helps.',
      },
    },
    {
      type: 'telegram',
      value: '@example_support',
      url: 'https://t.me/example_support',
      label: { zh_CN: 'Telegram 客服', zh_TW: 'Telegram 客服', en: 'Telegram support' },
      note: {
        zh_CN: '工作日 9:00–23:00（北京时间）在线答复。',
        zh_TW: '工作日 9:00–23:00（台北時間）線上答覆。',
        en: 'Answered live 9:00–23:00 (UTC+8) on weekdays.',
      },
    },
    {
      type: 'telegram',
      value: '@example_news',
      url: 'https://t.me/example_news',
      label: { zh_CN: 'Telegram 公告频道', zh_TW: 'Telegram 公告頻道', en: 'Telegram news channel' },
      note: {
        zh_CN: '维护通知和新节点上线第一时间发布。',
        zh_TW: '維護通知與新節點上線第一時間發布。',
        en: 'Maintenance notices and new nodes, as they happen.',
      },
    },
  ],
  email_reply_hours: 24,
  hours: {
    // The reply promise is the page's lead (email_reply_hours): the hours say when someone is there, not it again.
    zh_CN: '工单与邮件全年无休受理，节假日照常',
    zh_TW: '工單與郵件全年無休受理，節假日照常',
    en: 'Tickets and email are handled every day of the year, holidays included',
  },
};

export const DEMO_DEALERS: DealersConfig = {
  ...DEFAULT_DEALERS,
  dealers: [
    {
      name: 'Example Digital (HK)',
      name_translations: { zh_CN: '示例数码（香港）', zh_TW: '示例數碼（香港）' },
      region: { zh_CN: '香港', zh_TW: '香港', en: 'Hong Kong' },
      channels: [{ type: 'telegram', value: '@example_hk_dealer', url: 'https://t.me/example_hk_dealer' }],
      payment_methods: ['Alipay HK', 'FPS', 'USDT'],
      note: {
        zh_CN: '演示数据：面值 ¥50 / ¥100 / ¥200，付款后 10 分钟内发码。',
        zh_TW: '示範資料：面額 ¥50 / ¥100 / ¥200，付款後 10 分鐘內發碼。',
        en: 'Demo listing: ¥50 / ¥100 / ¥200 codes, sent within 10 minutes of payment.',
      },
    },
    {
      name: 'Example Card Shop (TW)',
      name_translations: { zh_CN: '示例点卡店（台湾）', zh_TW: '示例點卡店（台灣）' },
      region: { zh_CN: '台湾', zh_TW: '台灣', en: 'Taiwan' },
      channels: [
        { type: 'website', value: 'shop.example.com', url: 'https://shop.example.com' },
        { type: 'email', value: 'cards@example.com', url: 'mailto:cards@example.com' },
      ],
      payment_methods: ['LINE Pay', 'JKOPAY', 'ATM'],
      note: {
        zh_CN: '演示数据：网店自动发码，全天可买。',
        zh_TW: '示範資料：網店自動發碼，全天可買。',
        en: 'Demo listing: web shop with automatic delivery, open all day.',
      },
    },
    {
      name: 'Example Global Reseller',
      name_translations: { zh_CN: '示例全球代理', zh_TW: '示例全球代理' },
      region: { zh_CN: '全球', zh_TW: '全球', en: 'Worldwide' },
      channels: [{ type: 'email', value: 'resell@example.com', url: 'mailto:resell@example.com' }],
      payment_methods: ['USDT', 'PayPal'],
      note: {
        zh_CN: '演示数据：批量采购（10 张以上）有折扣。',
        zh_TW: '示範資料：大量採購（10 張以上）有折扣。',
        en: 'Demo listing: discounts on 10 codes or more.',
      },
    },
  ],
};
