import type { DeepStringRecord } from '../../zh_CN';
import type { siteZhCN } from './zh_CN';

export const siteEn: DeepStringRecord<typeof siteZhCN> = {
  loadFailed: 'Could not load this page. Please try again later.',
  open: 'Open',
  channelTypes: {
    email: 'Email',
    telegram: 'Telegram',
    discord: 'Discord',
    wechat: 'WeChat',
    qq: 'QQ',
    whatsapp: 'WhatsApp',
    website: 'Website',
    other: 'Other',
  },
  contact: {
    lead: 'Reach us whenever something is wrong; emails are answered within {{hours}} hours.',
    channels: 'Channels',
    ticketTitle: 'Need us to look at your account or an order?',
    ticketText:
      'Open a ticket: you can attach screenshots, you get an email when support replies, and the whole conversation stays in the ticket.',
    ticketButton: 'Open a ticket',
    helpTitle: 'Try the help centre first',
    helpText: 'Client setup, importing the subscription and common questions, step by step.',
    helpButton: 'Open the help centre',
    empty: 'No contact channels are configured yet; please open a ticket.',
  },
  dealer: {
    howTitle: 'How to buy a top-up code',
    redeem: 'Redeem a top-up code',
    usdt: 'Top up with USDT',
    listTitle: 'Authorised dealers',
    payments: 'Payment methods',
    empty:
      'No dealers are listed yet. You can top up with USDT online and buy a package as soon as it arrives.',
  },
};
