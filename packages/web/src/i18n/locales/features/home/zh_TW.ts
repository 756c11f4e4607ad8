import { plural } from '@portal/contract/plural';
import type { DeepStringRecord } from '../../zh_CN';
import type { homeZhCN } from './zh_CN';

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
    daysLeft: plural('剩餘 {{count}} 天'),
    devices: '{{online}} / {{limit}} 台裝置在線',
    nodes: '節點',
    online: '在線 {{count}}',
    latency: '{{ms}} ms',
    latencyLabel: '延遲',
    cities: { hk: '香港', tokyo: '東京', singapore: '新加坡', losAngeles: '洛杉磯' },
  },
  clients: {
    title: '支援您常用的客戶端',
    text: '一條訂閱連結，依客戶端自動提供 Clash、sing-box 或通用格式。',
  },
  faq: {
    title: '常見問題',
    subtitle: '沒有找到答案？登入後提交工單，郵件 24 小時內回覆。',
    what: {
      q: '這是什麼服務？',
      a: '一個付費的網路加速訂閱服務，基於 VMess、VLESS、Trojan 與 Shadowsocks 協定。購買方案後您會得到一條訂閱連結，匯入客戶端即可使用方案內的全部節點。',
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
      a: '若本站提供試用，新帳戶驗證郵箱後即可獲得一次（註冊成功頁會說明）。退款請在購買後 7 天內申請，未使用流量可全額退款，已使用部分流量依未用比例退款；儲值碼儲值的金額不予退款。詳見服務條款。',
    },
    devices: {
      q: '可以在幾台裝置上使用？',
      a: '每個方案都標明了同時在線的裝置數量上限，同一條訂閱連結可在手機、電腦和平板上使用。流量用完後服務暫停，續費或升級後恢復。',
    },
    support: {
      q: '遇到問題怎麼聯絡你們？',
      a: '登入控制台提交工單，可附截圖，回覆會透過郵件通知您；郵件諮詢 24 小時內回覆。說明中心提供客戶端設定與常見問題的說明。',
    },
  },
};
