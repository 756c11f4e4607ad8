import { plural } from '@portal/contract/plural';
import { homeZhCN } from './features/home/zh_CN';
import { ticketsZhCN } from './features/tickets/zh_CN';
import { announcementsZhCN } from './features/announcements/zh_CN';
import { helpZhCN } from './features/help/zh_CN';
import { siteZhCN } from './features/site/zh_CN';
import { searchZhCN } from './features/search/zh_CN';
import { dashboardZhCN } from './features/dashboard/zh_CN';
import { walletZhCN } from './features/wallet/zh_CN';
import { subscriptionsZhCN } from './features/subscriptions/zh_CN';
import { nodesZhCN } from './features/nodes/zh_CN';
import { authZhCN } from './features/auth/zh_CN';
import { accountZhCN } from './features/account/zh_CN';
/** This language's error and validation texts, from the contract (vite.config.ts): loaded with these messages. */
export { default as contractTexts } from 'virtual:contract-texts/zh_CN';
/** Simplified Chinese: the source of truth for the message keys. zh_TW and en must have the same shape. */
export const zhCN = {
  common: {
    appName: 'Proxy Portal',
    loading: '加载中…',
    close: '关闭',
    backHome: '返回首页',
    user: '用户',
    version: '版本 {{version}}',
    skipToContent: '跳到主要内容',
    cancel: '取消',
    retry: '重试',
    copy: '复制',
    copied: '已复制',
    copyLabel: '复制{{label}}',
    pageFailed: '页面无法显示，请刷新后重试',
    reload: '刷新',
    loadFailed: '加载失败，请稍后重试',
    pagination: '分页',
    pageOf: '第 {{page}} / {{pages}} 页，共 {{total}} 条',
    none: '—',
    pageN: '第 {{page}} 页',
    previousPage: '上一页',
    nextPage: '下一页',
    traffic: { upload: '上传', download: '下载' },
  },
  theme: {
    toggle: '切换主题',
    toLight: '切换到浅色模式',
    toDark: '切换到深色模式',
  },
  language: {
    switcher: '切换语言',
  },
  nav: {
    dashboard: '仪表盘',
    groupUser: '用户中心',
    profile: '个人资料',
    security: '安全设置',
    sessions: '会话管理',
    groupFinance: '财务中心',
    finance: '我的钱包',
    recharge: '账户充值',
    rechargeHistory: '充值记录',
    rechargeCodes: '充值码管理',
    groupSubscription: '订阅服务',
    subscription: '订阅管理',
    subscriptionHistory: '订阅历史',
    subscriptionLink: '订阅链接',
    nodes: '节点中心',
    groupSupport: '帮助支持',
    support: '工单支持',
    announcements: '系统公告',
    help: '帮助中心',
    contact: '联系我们',
    dealer: '经销商',
  },
  console: {
    mainNavigation: '主导航',
    skipToContent: '跳到主要内容',
    openNavigation: '打开导航菜单',
    closeNavigation: '关闭导航菜单',
    collapseSidebar: '收起侧边栏',
    expandSidebar: '展开侧边栏',
    balance: '余额',
    logout: '退出登录',
    loggedOut: '已安全退出',
    quickRecharge: '充值',
    quickSubscribe: '购买订阅',
    moreActions: '更多操作',
    notifications: '公告通知',
    unreadCount: plural('{{count}} 条未读公告'),
    notFoundTitle: '页面不存在',
    notFoundLead: '这个地址没有内容',
    notFoundDescription: '链接可能已过期或有误。请从菜单中选择要前往的页面，或回到仪表盘。',
    backToDashboard: '返回仪表盘',
    breadcrumb: '位置',
    ticketNumberCrumb: '工单 {{no}}',
    ticketPendingCrumb: '工单',
    documentCrumb: '文档',
  },
  titles: {
    landing: 'VMess、VLESS、Trojan 与 Shadowsocks 订阅',
    login: '登录',
    forgotPassword: '找回密码',
    resetPassword: '重置密码',
    verifyEmail: '邮箱验证',
    subscribe: '订阅链接',
    authCallback: '正在登录',
  },
  ...authZhCN,
  restricted: {
    title: '功能已锁定',
    text: '请先验证邮箱，验证后即可使用充值与订阅功能。',
  },
  ...accountZhCN,
  landing: {
    navLabel: '网站导航',
    features: '功能特性',
    pricing: '价格方案',
    support: '支持',
    sourceCode: '源代码仓库',
    hero: {
      badge: '支持 VMess · VLESS · Trojan · Shadowsocks',
      title: '稳定、快速、安全的网络加速服务',
      subtitle: '全球优质节点，一条订阅链接即可在所有设备上使用，随时随地畅享自由网络。',
      start: '立即开始',
      viewPricing: '查看方案',
    },
    stats: {
      users: '50,000+ 用户',
      countries: '50+ 国家和地区',
      nodes: '200+ 节点',
      uptime: '99.9% 可用性',
    },
    featuresSection: {
      title: '功能特性',
      subtitle: '从协议到客户端，一切为稳定与速度而设计',
      protocols: { title: '多协议支持', text: '支持 VMess、VLESS、Trojan 与 Shadowsocks，兼容主流客户端。' },
      speed: { title: '高速带宽', text: '骨干网络带宽高达 10 Gbps，高峰时段依然流畅。' },
      global: { title: '全球节点', text: '200+ 节点覆盖 50+ 国家和地区，就近接入低延迟。' },
      privacy: {
        title: '不记录浏览内容',
        text: '我们不记录您访问的网站和传输的内容，连接日志仅保留 24 小时。',
      },
      devices: { title: '多设备同时在线', text: '一条订阅链接，手机、电脑、平板同时使用。' },
      payment: { title: '灵活支付', text: '支持 USDT 与充值码充值，余额随时购买和续费。' },
    },
    why: {
      title: '为什么选择我们',
      uptime: { title: '99.9% 可用性', text: '节点实时监控，故障自动切换。' },
      support: { title: '7×24 小时支持', text: '工单随时提交，邮件 24 小时内回复。' },
      refund: { title: '退款保障', text: '购买后 7 天内未使用流量可全额退款。' },
      users: { title: '50,000+ 用户信赖', text: '来自世界各地的用户每天都在使用。' },
    },
    cta: {
      title: '准备好开始了吗？',
      text: '注册账户，几分钟内即可连接全球节点。',
      button: '免费注册',
    },
    pricingSection: {
      title: '选择适合您的方案',
      subtitle:
        '从每月 20 GB、2 台设备的基础版，到 200 GB、5 台设备的专业版，再到不限流量的企业版，年付最高可省 20%。',
      choose: '立即购买',
      loading: '正在加载方案…',
      loadFailed: '方案加载失败，请检查网络后重试。',
      empty: '目前没有在售的方案。',
    },
    footer: {
      tagline: '稳定、快速、安全的网络加速服务。',
      product: '产品',
      download: '客户端下载',
      supportTitle: '支持',
      helpCenter: '帮助中心',
      tickets: '提交工单',
      status: '服务状态',
      statusOk: '网站与 API 运行正常',
      statusDown: '服务暂时不可用，我们正在处理',
      statusChecking: '正在检查服务状态…',
      legal: '法律条款',
      privacy: '隐私政策',
      terms: '服务条款',
      social: '社交媒体',
      github: 'GitHub',
      emailReply: '邮件 24 小时内回复',
      claims: '7×24 小时支持 · 无日志政策 · 7 天退款保障',
      rights: '© {{year}} Proxy Portal. 保留所有权利。',
    },
  },
  legal: {
    version: '版本 {{version}}，自 {{date}} 起生效',
    termsTitle: '服务条款',
    privacyTitle: '隐私政策',
    contents: '目录',
    openPage: '在单独页面中打开',
    related: '另请阅读：',
    loadFailed: '条款内容加载失败，请稍后重试。',
  },
  wallet: walletZhCN,
  subscriptions: subscriptionsZhCN,
  nodes: nodesZhCN,
  public: {
    loginPage: { title: '登录' },
  },
  tickets: ticketsZhCN,
  announcements: announcementsZhCN,
  help: helpZhCN,
  site: siteZhCN,
  search: searchZhCN,
  dashboard: dashboardZhCN,
  home: homeZhCN,
} as const satisfies object;

/** Same keys, any string: what zh_TW and en must provide. */
export type DeepStringRecord<T> = { [K in keyof T]: T[K] extends string ? string : DeepStringRecord<T[K]> };

export type Messages = DeepStringRecord<typeof zhCN>;
