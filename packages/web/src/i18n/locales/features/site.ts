import type { DeepStringRecord } from '../zh_CN';

/** Messages of the contact and dealer pages (zh_CN is the source; zh_TW and en have the same keys). */
export const siteZhCN = {
  loadFailed: '页面内容加载失败，请稍后重试',
  open: '打开',
  channelTypes: {
    email: '邮件',
    telegram: 'Telegram',
    discord: 'Discord',
    wechat: '微信',
    qq: 'QQ',
    whatsapp: 'WhatsApp',
    website: '网站',
    other: '其他',
  },
  contact: {
    lead: '遇到问题随时找我们，邮件会在 {{hours}} 小时内回复。',
    channels: '联系渠道',
    ticketTitle: '需要查看你的账户或订单？',
    ticketText: '提交工单可以附上截图，客服回复后会邮件通知你，所有往来记录都保留在工单里。',
    ticketButton: '提交工单',
    helpTitle: '先看看帮助中心',
    helpText: '客户端设置、导入订阅和常见问题都有图文步骤。',
    helpButton: '打开帮助中心',
    empty: '暂未配置联系渠道，请通过工单联系我们。',
  },
  dealer: {
    howTitle: '如何购买充值码',
    redeem: '去兑换充值码',
    usdt: '用 USDT 充值',
    listTitle: '授权经销商',
    payments: '付款方式',
    empty: '暂无经销商。你可以直接用 USDT 在线充值，到账后即可购买套餐。',
  },
} as const;

export const siteZhTW: DeepStringRecord<typeof siteZhCN> = {
  loadFailed: '頁面內容載入失敗，請稍後重試',
  open: '開啟',
  channelTypes: {
    email: '郵件',
    telegram: 'Telegram',
    discord: 'Discord',
    wechat: '微信',
    qq: 'QQ',
    whatsapp: 'WhatsApp',
    website: '網站',
    other: '其他',
  },
  contact: {
    lead: '遇到問題隨時找我們，郵件會在 {{hours}} 小時內回覆。',
    channels: '聯絡管道',
    ticketTitle: '需要查看你的帳戶或訂單？',
    ticketText: '提交工單可以附上截圖，客服回覆後會以郵件通知你，所有往來紀錄都保留在工單裡。',
    ticketButton: '提交工單',
    helpTitle: '先看看說明中心',
    helpText: '用戶端設定、匯入訂閱與常見問題都有圖文步驟。',
    helpButton: '開啟說明中心',
    empty: '尚未設定聯絡管道，請透過工單聯絡我們。',
  },
  dealer: {
    howTitle: '如何購買儲值碼',
    redeem: '前往兌換儲值碼',
    usdt: '用 USDT 儲值',
    listTitle: '授權經銷商',
    payments: '付款方式',
    empty: '目前沒有經銷商。你可以直接用 USDT 線上儲值，入帳後即可購買方案。',
  },
};

export const siteEn: DeepStringRecord<typeof siteZhCN> = {
  loadFailed: 'Could not load this page. Please try again later.',
  open: 'Open',
  channelTypes: {
    email: 'E-mail',
    telegram: 'Telegram',
    discord: 'Discord',
    wechat: 'WeChat',
    qq: 'QQ',
    whatsapp: 'WhatsApp',
    website: 'Website',
    other: 'Other',
  },
  contact: {
    lead: 'Reach us whenever something is wrong; e-mails are answered within {{hours}} hours.',
    channels: 'Channels',
    ticketTitle: 'Need us to look at your account or an order?',
    ticketText:
      'Open a ticket: you can attach screenshots, you get an e-mail when support replies, and the whole conversation stays in the ticket.',
    ticketButton: 'Open a ticket',
    helpTitle: 'Try the help centre first',
    helpText: 'Client setup, importing the subscription and common questions, step by step.',
    helpButton: 'Open the help centre',
    empty: 'No contact channels are configured yet; please open a ticket.',
  },
  dealer: {
    howTitle: 'How to buy a recharge code',
    redeem: 'Redeem a recharge code',
    usdt: 'Top up with USDT',
    listTitle: 'Authorised dealers',
    payments: 'Payment methods',
    empty:
      'No dealers are listed yet. You can top up with USDT online and buy a package as soon as it arrives.',
  },
};
