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
    ticketTitle: '需要查看您的账户或订单？',
    ticketText: '提交工单可以附上截图，客服回复后会邮件通知您，所有往来记录都保留在工单里。',
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
    empty: '暂无经销商。您可以直接用 USDT 在线充值，到账后即可购买套餐。',
  },
} as const;
