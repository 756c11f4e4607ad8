import type { DeepStringRecord } from '../../zh_CN';
import type { siteZhCN } from './zh_CN';

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
    ticketTitle: '需要查看您的帳戶或訂單？',
    ticketText: '提交工單可以附上截圖，客服回覆後會以郵件通知您，所有往來紀錄都保留在工單裡。',
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
    empty: '目前沒有經銷商。您可以直接用 USDT 線上儲值，入帳後即可購買方案。',
  },
};
