import type { Localized } from '@portal/contract';

/** The demo catalogue a fresh `npm start` shows: a few packages, nodes, announcements and help documents. */
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

function period(text: Text, suffix: Localized): Text {
  return {
    name: {
      zh_CN: `${text.name.zh_CN}${suffix.zh_CN}`,
      zh_TW: `${text.name.zh_TW}${suffix.zh_TW}`,
      en: `${text.name.en} ${suffix.en}`,
    },
    description: text.description,
  };
}
const yearly: Localized = { zh_CN: '（年付）', zh_TW: '（年繳）', en: '(yearly)' };
const quarterly: Localized = { zh_CN: '（季付）', zh_TW: '（季繳）', en: '(quarterly)' };

// Yearly prices are 12 months less 20% (the landing page's "annual saves 20%" is computed from these).
export const DEMO_PACKAGES: DemoPackage[] = [
  {
    ...basic,
    type: 'monthly',
    traffic_bytes: 20 * GB,
    validity_days: 30,
    price_fen: 1500,
    device_limit: 2,
    is_popular: false,
  },
  {
    ...pro,
    type: 'monthly',
    traffic_bytes: 200 * GB,
    validity_days: 30,
    price_fen: 3500,
    device_limit: 5,
    is_popular: true,
  },
  {
    ...enterprise,
    type: 'monthly',
    traffic_bytes: null,
    validity_days: 30,
    price_fen: 8800,
    device_limit: 10,
    is_popular: false,
  },
  {
    ...period(pro, quarterly),
    type: 'quarterly',
    traffic_bytes: 600 * GB,
    validity_days: 90,
    price_fen: 9900,
    device_limit: 5,
    is_popular: false,
  },
  {
    ...period(basic, yearly),
    type: 'yearly',
    traffic_bytes: 240 * GB,
    validity_days: 365,
    price_fen: 14400,
    device_limit: 2,
    is_popular: false,
  },
  {
    ...period(pro, yearly),
    type: 'yearly',
    traffic_bytes: 2400 * GB,
    validity_days: 365,
    price_fen: 33600,
    device_limit: 5,
    is_popular: false,
  },
];

export interface DemoNode {
  name: string;
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
      en: 'Thanks for signing up! Verify your e-mail to top up and buy a package. Copy your subscription link from the Link page; the Help centre explains how to set up each client.',
    },
    category: 2,
    priority: 2,
    is_popup: true,
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

export interface DemoHelpDocument {
  slug: string;
  category: string;
  platform: string | null;
  title: Localized;
  summary: Localized;
  content: Localized;
}

export const DEMO_HELP_CATEGORIES: { slug: string; name: Localized }[] = [
  { slug: 'getting-started', name: { zh_CN: '快速入门', zh_TW: '快速入門', en: 'Getting started' } },
  { slug: 'clients', name: { zh_CN: '客户端配置', zh_TW: '用戶端設定', en: 'Client setup' } },
  { slug: 'troubleshooting', name: { zh_CN: '故障排查', zh_TW: '疑難排解', en: 'Troubleshooting' } },
];

export const DEMO_HELP_DOCUMENTS: DemoHelpDocument[] = [
  {
    slug: 'import-subscription-link',
    category: 'getting-started',
    platform: null,
    title: {
      zh_CN: '如何导入订阅链接',
      zh_TW: '如何匯入訂閱連結',
      en: 'How to import your subscription link',
    },
    summary: {
      zh_CN: '复制订阅链接并添加到客户端，一次导入全部节点。',
      zh_TW: '複製訂閱連結並新增到用戶端，一次匯入全部節點。',
      en: 'Copy your subscription link into your client to import every node at once.',
    },
    content: {
      zh_CN:
        '## 步骤\n\n1. 在控制台打开 **订阅 → 订阅链接**，点击“复制链接”，或用手机扫描二维码。\n2. 在客户端中找到“订阅”或“配置”设置，新建订阅并粘贴链接。\n3. 点击“更新订阅”，节点列表会自动出现。\n4. 选择一个节点并开启代理。\n\n## 注意\n\n- 请勿将订阅链接分享给他人；如已泄露，请在订阅链接页面点击“重置链接”，旧链接会立即失效。\n- 续费或升级后无需重新导入，只需更新订阅。',
      zh_TW:
        '## 步驟\n\n1. 在控制台開啟 **訂閱 → 訂閱連結**，點擊「複製連結」，或用手機掃描 QR Code。\n2. 在用戶端中找到「訂閱」或「設定檔」，新增訂閱並貼上連結。\n3. 點擊「更新訂閱」，節點清單會自動出現。\n4. 選擇一個節點並開啟代理。\n\n## 注意\n\n- 請勿將訂閱連結分享給他人；如已外洩，請在訂閱連結頁面點擊「重設連結」，舊連結會立即失效。\n- 續費或升級後無需重新匯入，只需更新訂閱。',
      en: '## Steps\n\n1. In the console open **Subscription → Link** and click “Copy link”, or scan the QR code with your phone.\n2. In your client find the “Subscriptions” or “Profiles” setting, add a subscription and paste the link.\n3. Click “Update subscription”; the node list appears.\n4. Pick a node and turn the proxy on.\n\n## Good to know\n\n- Do not share the link. If it leaked, click “Reset link” on the Link page: the old link stops working at once.\n- After a renewal or an upgrade there is nothing to re-import; just update the subscription.',
    },
  },
  {
    slug: 'windows-v2rayn',
    category: 'clients',
    platform: 'windows',
    title: { zh_CN: 'Windows：使用 v2rayN', zh_TW: 'Windows：使用 v2rayN', en: 'Windows: using v2rayN' },
    summary: {
      zh_CN: '在 Windows 上安装 v2rayN 并导入订阅。',
      zh_TW: '在 Windows 上安裝 v2rayN 並匯入訂閱。',
      en: 'Install v2rayN on Windows and import your subscription.',
    },
    content: {
      zh_CN:
        '1. 从 v2rayN 的官方发布页下载最新版本并解压，运行 `v2rayN.exe`。\n2. 菜单 **订阅分组 → 订阅分组设置**，点击“添加”，粘贴订阅链接并保存。\n3. 菜单 **订阅分组 → 更新全部订阅**。\n4. 在节点列表中选择节点，按回车设为活动服务器。\n5. 托盘图标右键 **系统代理 → 自动配置系统代理**。',
      zh_TW:
        '1. 從 v2rayN 的官方發布頁下載最新版本並解壓縮，執行 `v2rayN.exe`。\n2. 選單 **訂閱分組 → 訂閱分組設定**，點擊「新增」，貼上訂閱連結並儲存。\n3. 選單 **訂閱分組 → 更新全部訂閱**。\n4. 在節點清單中選擇節點，按 Enter 設為作用中伺服器。\n5. 系統匣圖示按右鍵 **系統代理 → 自動設定系統代理**。',
      en: '1. Download the latest v2rayN from its official release page, unpack it and run `v2rayN.exe`.\n2. Open **Subscription group → Subscription group settings**, click “Add”, paste your link and save.\n3. Open **Subscription group → Update all subscriptions**.\n4. Pick a node in the list and press Enter to make it the active server.\n5. Right-click the tray icon and choose **System proxy → Set system proxy automatically**.',
    },
  },
  {
    slug: 'cannot-connect',
    category: 'troubleshooting',
    platform: null,
    title: { zh_CN: '无法连接怎么办', zh_TW: '無法連線怎麼辦', en: 'What to do when nothing connects' },
    summary: {
      zh_CN: '逐项检查订阅状态、时间同步与节点状态。',
      zh_TW: '逐項檢查訂閱狀態、時間同步與節點狀態。',
      en: 'Check the subscription, the clock and the node status, in that order.',
    },
    content: {
      zh_CN:
        '1. **订阅是否有效**：在“我的订阅”中确认状态为“生效中”，流量未用尽。\n2. **更新订阅**：在客户端中更新订阅，获取最新节点。\n3. **系统时间**：VMess 要求设备时间误差在 90 秒以内，请开启自动对时。\n4. **换一个节点**：在“节点中心”查看节点状态，选择在线且负载较低的节点。\n5. 仍无法解决，请提交工单并附上客户端日志截图。',
      zh_TW:
        '1. **訂閱是否有效**：在「我的訂閱」中確認狀態為「生效中」，流量未用盡。\n2. **更新訂閱**：在用戶端中更新訂閱，取得最新節點。\n3. **系統時間**：VMess 要求裝置時間誤差在 90 秒以內，請開啟自動校時。\n4. **換一個節點**：在「節點中心」查看節點狀態，選擇在線且負載較低的節點。\n5. 仍無法解決，請提交工單並附上用戶端日誌截圖。',
      en: '1. **Is the subscription valid?** Under “My subscriptions” the status must be active with traffic left.\n2. **Update the subscription** in your client to get the current nodes.\n3. **Clock**: VMess needs the device clock within 90 seconds of the real time; turn on automatic time.\n4. **Try another node**: the Node centre shows which nodes are online and lightly loaded.\n5. Still stuck? Open a ticket with a screenshot of the client log.',
    },
  },
];
