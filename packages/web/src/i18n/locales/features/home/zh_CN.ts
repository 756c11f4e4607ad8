import { plural } from '@portal/contract/plural';
/**
 * The landing page's phone menu, console preview, client list and FAQ (zh_CN is the source; zh_TW and en have the
 * same keys). The FAQ follows docs/product-rules.md and the terms: a trial only when the operator offers one, refunds within 7 days, USDT on TRC20
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
    daysLeft: plural('剩余 {{count}} 天'),
    devices: '{{online}} / {{limit}} 台设备在线',
    nodes: '节点',
    online: '在线 {{count}}',
    latency: '{{ms}} ms',
    latencyLabel: '延迟',
    cities: { hk: '香港', tokyo: '东京', singapore: '新加坡', losAngeles: '洛杉矶' },
  },
  clients: {
    title: '支持您常用的客户端',
    text: '一条订阅链接，按客户端自动下发 Clash、sing-box 或通用格式。',
  },
  faq: {
    title: '常见问题',
    subtitle: '没有找到答案？登录后提交工单，邮件 24 小时内回复。',
    what: {
      q: '这是什么服务？',
      a: '一个付费的网络加速订阅服务，基于 VMess、VLESS、Trojan 与 Shadowsocks 协议。购买套餐后您会得到一条订阅链接，导入客户端即可使用套餐内的全部节点。',
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
      a: '若本站提供试用，新账户验证邮箱后即可获得一次（注册成功页会说明）。退款请在购买后 7 天内申请，未使用流量可全额退款，已使用部分流量按未用比例退款；充值码充值的金额不予退款。详见服务条款。',
    },
    devices: {
      q: '可以在几台设备上使用？',
      a: '每个套餐都标明了同时在线的设备数量上限，同一条订阅链接可在手机、电脑和平板上使用。流量用完后服务暂停，续费或升级后恢复。',
    },
    support: {
      q: '遇到问题怎么联系你们？',
      a: '登录控制台提交工单，可附截图，回复会通过邮件通知您；邮件咨询 24 小时内回复。帮助中心提供客户端设置与常见问题的说明。',
    },
  },
} as const;
