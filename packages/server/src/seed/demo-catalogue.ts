import type { Localized } from '@portal/contract';

/** The demo catalogue a fresh `npm start` shows: the packages (three tiers in three cycles), nodes, announcements and help documents. */
const GB = 1024 ** 3;

interface Text {
  name: Localized;
  description: Localized;
}

export interface DemoPackage extends Text {
  type: 'monthly' | 'quarterly' | 'yearly';
  traffic_bytes: number | null;
  validity_days: number;
  price_fen: number;
  device_limit: number;
  is_popular: boolean;
}

const basic: Text = {
  name: { zh_CN: '基础版', zh_TW: '基礎版', en: 'Basic' },
  description: {
    zh_CN: '每月 20 GB 流量，2 台设备同时在线，适合日常浏览。',
    zh_TW: '每月 20 GB 流量，2 台裝置同時在線，適合日常瀏覽。',
    en: '20 GB of traffic a month on 2 devices at once, for everyday browsing.',
  },
};
const pro: Text = {
  name: { zh_CN: '专业版', zh_TW: '專業版', en: 'Pro' },
  description: {
    zh_CN: '每月 200 GB 流量，5 台设备同时在线，适合高清视频与游戏。',
    zh_TW: '每月 200 GB 流量，5 台裝置同時在線，適合高畫質影片與遊戲。',
    en: '200 GB of traffic a month on 5 devices at once, for HD video and gaming.',
  },
};
const enterprise: Text = {
  name: { zh_CN: '企业版', zh_TW: '企業版', en: 'Enterprise' },
  description: {
    zh_CN: '不限流量，10 台设备同时在线，适合团队使用。',
    zh_TW: '不限流量，10 台裝置同時在線，適合團隊使用。',
    en: 'Unlimited traffic on 10 devices at once, for teams.',
  },
};

interface Tier {
  text: Text;
  /** Traffic a month (null: unlimited); a longer cycle has as many months of it. */
  monthly_traffic_bytes: number | null;
  monthly_price_fen: number;
  device_limit: number;
  is_popular: boolean;
}

const TIERS: Tier[] = [
  {
    text: basic,
    monthly_traffic_bytes: 20 * GB,
    monthly_price_fen: 1500,
    device_limit: 2,
    is_popular: false,
  },
  { text: pro, monthly_traffic_bytes: 200 * GB, monthly_price_fen: 3500, device_limit: 5, is_popular: true },
  {
    text: enterprise,
    monthly_traffic_bytes: null,
    monthly_price_fen: 8800,
    device_limit: 10,
    is_popular: false,
  },
];

/** Each cycle: its months, days and the share of the monthly price paid (longer cycles cost less a month). */
const CYCLES = [
  { type: 'monthly', months: 1, validity_days: 30, percent_paid: 100 },
  { type: 'quarterly', months: 3, validity_days: 90, percent_paid: 90 },
  { type: 'yearly', months: 12, validity_days: 365, percent_paid: 80 },
] as const;

// Every tier in every cycle, named by the tier alone (the cycle is the pricing toggle's, not the name's): quarterly
// saves 10 % and yearly 20 % against paying monthly, which the pricing cards compute from these prices.
export const DEMO_PACKAGES: DemoPackage[] = CYCLES.flatMap((cycle) =>
  TIERS.map((tier) => ({
    ...tier.text,
    type: cycle.type,
    traffic_bytes: tier.monthly_traffic_bytes === null ? null : tier.monthly_traffic_bytes * cycle.months,
    validity_days: cycle.validity_days,
    price_fen: (tier.monthly_price_fen * cycle.months * cycle.percent_paid) / 100,
    device_limit: tier.device_limit,
    is_popular: tier.is_popular,
  })),
);

export interface DemoNode {
  /** English, as stored (the agents' and the subscription's name); the other languages in `names` */
  name: string;
  /** zh_CN / zh_TW name and city, answered to callers in those languages */
  names: Record<'zh_CN' | 'zh_TW', { name: string; city: string }>;
  region: string;
  country: string;
  city: string;
  host: string;
  port: number;
  protocol: 'vmess' | 'vless' | 'trojan' | 'shadowsocks';
  settings: Record<string, unknown>;
  rate_percent: number;
  status: 'online' | 'offline' | 'maintenance';
  load_percent: number | null;
  latency_ms: number | null;
}

export const DEMO_NODES: DemoNode[] = [
  {
    name: 'Hong Kong 01',
    names: {
      zh_CN: { name: '香港 01', city: '香港' },
      zh_TW: { name: '香港 01', city: '香港' },
    },
    region: 'asia',
    country: 'HK',
    city: 'Hong Kong',
    host: 'hk1.example.net',
    port: 443,
    protocol: 'vmess',
    settings: { network: 'ws', path: '/ws', tls: true, sni: 'hk1.example.net' },
    rate_percent: 100,
    status: 'online',
    load_percent: 42,
    latency_ms: 38,
  },
  {
    name: 'Japan Tokyo 01',
    names: {
      zh_CN: { name: '日本东京 01', city: '东京' },
      zh_TW: { name: '日本東京 01', city: '東京' },
    },
    region: 'asia',
    country: 'JP',
    city: 'Tokyo',
    host: 'jp1.example.net',
    port: 443,
    protocol: 'vless',
    settings: { network: 'tcp', tls: true, sni: 'jp1.example.net' },
    rate_percent: 100,
    status: 'online',
    load_percent: 27,
    latency_ms: 61,
  },
  {
    name: 'Singapore 01',
    names: {
      zh_CN: { name: '新加坡 01', city: '新加坡' },
      zh_TW: { name: '新加坡 01', city: '新加坡' },
    },
    region: 'asia',
    country: 'SG',
    city: 'Singapore',
    host: 'sg1.example.net',
    port: 443,
    protocol: 'trojan',
    settings: { network: 'tcp', tls: true, sni: 'sg1.example.net' },
    rate_percent: 100,
    status: 'online',
    load_percent: 55,
    latency_ms: 74,
  },
  {
    name: 'Taiwan Taipei 01',
    names: {
      zh_CN: { name: '台湾台北 01', city: '台北' },
      zh_TW: { name: '台灣台北 01', city: '台北' },
    },
    region: 'asia',
    country: 'TW',
    city: 'Taipei',
    host: 'tw1.example.net',
    port: 8443,
    protocol: 'vmess',
    settings: { network: 'tcp', tls: false },
    rate_percent: 150,
    status: 'maintenance',
    load_percent: null,
    latency_ms: null,
  },
  {
    name: 'US Los Angeles 01',
    names: {
      zh_CN: { name: '美国洛杉矶 01', city: '洛杉矶' },
      zh_TW: { name: '美國洛杉磯 01', city: '洛杉磯' },
    },
    region: 'america',
    country: 'US',
    city: 'Los Angeles',
    host: 'us1.example.net',
    port: 8388,
    protocol: 'shadowsocks',
    settings: { cipher: 'chacha20-ietf-poly1305' },
    rate_percent: 100,
    status: 'online',
    load_percent: 18,
    latency_ms: 152,
  },
  {
    name: 'Germany Frankfurt 01',
    names: {
      zh_CN: { name: '德国法兰克福 01', city: '法兰克福' },
      zh_TW: { name: '德國法蘭克福 01', city: '法蘭克福' },
    },
    region: 'europe',
    country: 'DE',
    city: 'Frankfurt',
    host: 'de1.example.net',
    port: 443,
    protocol: 'vless',
    settings: { network: 'ws', path: '/v', tls: true, sni: 'de1.example.net' },
    rate_percent: 100,
    status: 'offline',
    load_percent: null,
    latency_ms: null,
  },
];

export interface DemoAnnouncement {
  title: Localized;
  content: Localized;
  category: number;
  priority: number;
  is_popup: boolean;
}

export const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    title: { zh_CN: '欢迎使用本服务', zh_TW: '歡迎使用本服務', en: 'Welcome aboard' },
    content: {
      zh_CN:
        '感谢注册！验证邮箱后即可充值并购买套餐。订阅链接可在“订阅链接”页面复制，客户端配置方法见帮助中心。',
      zh_TW:
        '感謝註冊！驗證電子郵件後即可儲值並購買方案。訂閱連結可在「訂閱連結」頁面複製，用戶端設定方法請見說明中心。',
      en: 'Thanks for signing up! Verify your email to top up and buy a package. Copy your subscription link from the Link page; the Help centre explains how to set up each client.',
    },
    category: 2,
    priority: 2,
    // Not a popup: a popup opens over every console page until dismissed, which is for operators' own notices.
    is_popup: false,
  },
  {
    title: {
      zh_CN: '台湾节点例行维护',
      zh_TW: '台灣節點例行維護',
      en: 'Scheduled maintenance of the Taiwan node',
    },
    content: {
      zh_CN: '台湾台北 01 节点正在进行例行维护，期间请切换至香港或日本节点。维护完成后将自动恢复。',
      zh_TW: '台灣台北 01 節點正在進行例行維護，期間請切換至香港或日本節點。維護完成後將自動恢復。',
      en: 'The Taiwan Taipei 01 node is under scheduled maintenance; please switch to a Hong Kong or Japan node meanwhile. It comes back on its own when the work is done.',
    },
    category: 1,
    priority: 3,
    is_popup: false,
  },
];

// The help centre's demo content lives in demo-help.ts (re-exported for the tests that count it).
export { DEMO_HELP_CATEGORIES, DEMO_HELP_DOCUMENTS, type DemoHelpDocument } from './demo-help.js';
