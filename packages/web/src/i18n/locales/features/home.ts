import type { DeepStringRecord } from '../zh_CN';

/**
 * The landing page's phone menu, console preview, client list and FAQ (zh_CN is the source; zh_TW and en have the
 * same keys). The FAQ follows docs/product-rules.md and the terms: no trial, refunds within 7 days, USDT on TRC20
 * and ERC20 or top-up codes, a device limit per package.
 */
export const homeZhCN = {
  menu: {
    open: '打开菜单',
    title: '菜单',
    faq: '常见问题',
    theme: '主题',
    language: '语言',
  },
  preview: {
    label: '控制台预览',
    caption: '登录后的控制台：订阅、流量与节点一目了然（示例数据）',
    console: '控制台',
    subscription: '我的订阅',
    plan: '专业版',
    active: '生效中',
    traffic: '已用流量',
    used: '已用 {{used}} / {{total}}',
    daysLeft: '剩余 {{days}} 天',
    devices: '{{online}} / {{limit}} 台设备在线',
    nodes: '节点',
    online: '在线 {{count}}',
    latency: '{{ms}} ms',
    latencyLabel: '延迟',
    cities: { hk: '香港', tokyo: '东京', singapore: '新加坡', losAngeles: '洛杉矶' },
  },
  clients: {
    title: '支持你常用的客户端',
    text: '一条订阅链接，按客户端自动下发 Clash、sing-box 或通用格式。',
  },
  faq: {
    title: '常见问题',
    subtitle: '没有找到答案？登录后提交工单，邮件 24 小时内回复。',
    what: {
      q: '这是什么服务？',
      a: '一个付费的网络加速订阅服务，基于 VMess、VLESS、Trojan 与 Shadowsocks 协议。购买套餐后你会得到一条订阅链接，导入客户端即可使用套餐内的全部节点。',
    },
    clients: {
      q: '支持哪些客户端？',
      a: '任何能导入订阅链接的客户端：Clash Verge、FlClash、Stash 等 Clash / Mihomo 客户端，sing-box 与 Hiddify，以及 v2rayN、v2rayNG、Shadowrocket。帮助中心有各平台的图文步骤。',
    },
    payment: {
      q: '如何付款？',
      a: '先为账户余额充值，再用余额购买、续费或升级套餐。充值方式有两种：USDT（TRC20 或 ERC20 网络，按订单显示的准确金额转账），或向经销商购买充值码并在控制台兑换。',
    },
    refund: {
      q: '可以试用或退款吗？',
      a: '目前不提供试用。购买后 7 天内申请，未使用流量可全额退款，已使用部分流量按未用比例退款；充值码充值的金额不予退款。详见服务条款。',
    },
    devices: {
      q: '可以在几台设备上使用？',
      a: '每个套餐都标明了同时在线的设备数量上限，同一条订阅链接可在手机、电脑和平板上使用。流量用完后服务暂停，续费或升级后恢复。',
    },
    support: {
      q: '遇到问题怎么联系你们？',
      a: '登录控制台提交工单，可附截图，回复会通过邮件通知你；邮件咨询 24 小时内回复。帮助中心提供客户端设置与常见问题的说明。',
    },
  },
} as const;

export const homeZhTW: DeepStringRecord<typeof homeZhCN> = {
  menu: {
    open: '開啟選單',
    title: '選單',
    faq: '常見問題',
    theme: '主題',
    language: '語言',
  },
  preview: {
    label: '控制台預覽',
    caption: '登入後的控制台：訂閱、流量與節點一目了然（範例資料）',
    console: '控制台',
    subscription: '我的訂閱',
    plan: '專業版',
    active: '生效中',
    traffic: '已用流量',
    used: '已用 {{used}} / {{total}}',
    daysLeft: '剩餘 {{days}} 天',
    devices: '{{online}} / {{limit}} 台裝置在線',
    nodes: '節點',
    online: '在線 {{count}}',
    latency: '{{ms}} ms',
    latencyLabel: '延遲',
    cities: { hk: '香港', tokyo: '東京', singapore: '新加坡', losAngeles: '洛杉磯' },
  },
  clients: {
    title: '支援你常用的客戶端',
    text: '一條訂閱連結，依客戶端自動提供 Clash、sing-box 或通用格式。',
  },
  faq: {
    title: '常見問題',
    subtitle: '沒有找到答案？登入後提交工單，郵件 24 小時內回覆。',
    what: {
      q: '這是什麼服務？',
      a: '一個付費的網路加速訂閱服務，基於 VMess、VLESS、Trojan 與 Shadowsocks 協定。購買方案後你會得到一條訂閱連結，匯入客戶端即可使用方案內的全部節點。',
    },
    clients: {
      q: '支援哪些客戶端？',
      a: '任何能匯入訂閱連結的客戶端：Clash Verge、FlClash、Stash 等 Clash / Mihomo 客戶端，sing-box 與 Hiddify，以及 v2rayN、v2rayNG、Shadowrocket。說明中心有各平台的圖文步驟。',
    },
    payment: {
      q: '如何付款？',
      a: '先為帳戶餘額儲值，再以餘額購買、續費或升級方案。儲值方式有兩種：USDT（TRC20 或 ERC20 網路，依訂單顯示的準確金額轉帳），或向經銷商購買儲值碼並在控制台兌換。',
    },
    refund: {
      q: '可以試用或退款嗎？',
      a: '目前不提供試用。購買後 7 天內申請，未使用流量可全額退款，已使用部分流量依未用比例退款；儲值碼儲值的金額不予退款。詳見服務條款。',
    },
    devices: {
      q: '可以在幾台裝置上使用？',
      a: '每個方案都標明了同時在線的裝置數量上限，同一條訂閱連結可在手機、電腦和平板上使用。流量用完後服務暫停，續費或升級後恢復。',
    },
    support: {
      q: '遇到問題怎麼聯絡你們？',
      a: '登入控制台提交工單，可附截圖，回覆會透過郵件通知你；郵件諮詢 24 小時內回覆。說明中心提供客戶端設定與常見問題的說明。',
    },
  },
};

export const homeEn: DeepStringRecord<typeof homeZhCN> = {
  menu: {
    open: 'Open menu',
    title: 'Menu',
    faq: 'FAQ',
    theme: 'Theme',
    language: 'Language',
  },
  preview: {
    label: 'Console preview',
    caption: 'The console after signing in: subscription, traffic and nodes at a glance (sample data)',
    console: 'Console',
    subscription: 'My subscription',
    plan: 'Pro',
    active: 'Active',
    traffic: 'Traffic used',
    used: '{{used}} of {{total}} used',
    daysLeft: '{{days}} days left',
    devices: '{{online}} of {{limit}} devices online',
    nodes: 'Nodes',
    online: '{{count}} online',
    latency: '{{ms}} ms',
    latencyLabel: 'Latency',
    cities: { hk: 'Hong Kong', tokyo: 'Tokyo', singapore: 'Singapore', losAngeles: 'Los Angeles' },
  },
  clients: {
    title: 'Works with the clients you already use',
    text: 'One subscription link; each client gets Clash, sing-box or the common format automatically.',
  },
  faq: {
    title: 'Frequently asked questions',
    subtitle: 'Not answered here? Sign in and open a ticket; e-mail is answered within 24 hours.',
    what: {
      q: 'What is this service?',
      a: 'A paid network acceleration subscription over VMess, VLESS, Trojan and Shadowsocks. When you buy a package you get one subscription link; import it into your client and every node of the package is there.',
    },
    clients: {
      q: 'Which clients are supported?',
      a: 'Any client that imports a subscription link: Clash / Mihomo clients such as Clash Verge, FlClash and Stash, sing-box and Hiddify, and v2rayN, v2rayNG and Shadowrocket. The help centre has step-by-step guides for each platform.',
    },
    payment: {
      q: 'How do I pay?',
      a: 'Top up your account balance, then buy, renew or upgrade packages from it. Two ways to top up: USDT on the TRC20 or ERC20 network (send the exact amount the order shows), or a top-up code bought from a dealer and redeemed in the console.',
    },
    refund: {
      q: 'Is there a trial or a refund?',
      a: 'There is no trial. Ask within 7 days of buying: a full refund if no traffic was used, a proportional one for the unused share if some was. Amounts topped up with top-up codes are not refunded. See the terms of service.',
    },
    devices: {
      q: 'How many devices can I use?',
      a: 'Every package states how many devices may be online at once, and one subscription link works on phones, computers and tablets. When the traffic runs out the service pauses until you renew or upgrade.',
    },
    support: {
      q: 'How do I reach support?',
      a: 'Open a ticket in the console (screenshots welcome); replies are also sent by e-mail, and e-mail is answered within 24 hours. The help centre explains client setup and common problems.',
    },
  },
};
