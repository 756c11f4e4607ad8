import { md, type DemoHelpDocument } from './types.js';

export const GETTING_STARTED: DemoHelpDocument[] = [
  {
    slug: 'quick-start',
    category: 'getting-started',
    platform: null,
    title: {
      zh_CN: '新手入门：四步开始使用',
      zh_TW: '新手入門：四步開始使用',
      en: 'Quick start: online in four steps',
    },
    summary: {
      zh_CN: '验证邮箱、充值、购买套餐、导入订阅链接，几分钟即可连上网络。',
      zh_TW: '驗證電子郵件、儲值、購買方案、匯入訂閱連結，幾分鐘即可連上網路。',
      en: 'Verify your email, top up, buy a package and import your subscription link: online in minutes.',
    },
    content: {
      zh_CN: md`
        ## 第 1 步：验证邮箱

        注册后，我们会向您的邮箱发送一封验证邮件，链接 24 小时内有效。验证之前可以登录控制台，但**不能充值，也不能购买套餐**。

        1. 打开邮件，点击其中的验证链接。
        2. 看到“验证成功”后，回到控制台重新登录。

        没有收到邮件？先看看垃圾邮件箱；仍然没有的话，点击控制台顶部提示条中的“重新发送验证邮件”。

        ## 第 2 步：为账户充值

        打开 [账户充值](/recharge)，任选一种方式：

        - **USDT 充值**：选择页面列出的网络（TRC20、ERC20 或 BEP20，以已开通的为准）并输入数量，创建订单后按页面显示的**精确金额**转账，区块确认后自动到账。
        - **充值码充值**：输入以 \`RC-\` 开头、共 70 位的充值码，立即到账。充值码可以向 [经销商](/dealer) 购买。

        ## 第 3 步：购买套餐

        打开 [订阅管理](/subscription)，在“选购套餐”中选一个套餐并确认。费用从余额中扣除，订阅立即生效。

        ## 第 4 步：导入订阅链接

        打开 [订阅链接](/subscription/link)，点击复制链接，或用手机客户端扫描二维码，然后导入到客户端。每种系统的详细步骤见“客户端配置”分类。

        > 订阅链接就像您的账号密码，请勿发给他人。
      `,
      zh_TW: md`
        ## 第 1 步：驗證電子郵件

        註冊後，我們會寄一封驗證信到您的信箱，連結 24 小時內有效。驗證之前可以登入控制台，但**無法儲值，也無法購買方案**。

        1. 打開信件，點擊其中的驗證連結。
        2. 看到「驗證成功」後，回到控制台重新登入。

        沒有收到信？先看看垃圾郵件匣；仍然沒有的話，點擊控制台頂端提示列中的「重新寄送驗證信」。

        ## 第 2 步：為帳戶儲值

        開啟 [帳戶儲值](/recharge)，任選一種方式：

        - **USDT 儲值**：選擇頁面列出的網路（TRC20、ERC20 或 BEP20，以已開通的為準）並輸入數量，建立訂單後依頁面顯示的**精確金額**轉帳，區塊確認後自動入帳。
        - **儲值碼儲值**：輸入以 \`RC-\` 開頭、共 70 位的儲值碼，立即入帳。儲值碼可以向 [經銷商](/dealer) 購買。

        ## 第 3 步：購買方案

        開啟 [訂閱管理](/subscription)，在「選購方案」中選一個方案並確認。費用從餘額扣除，訂閱立即生效。

        ## 第 4 步：匯入訂閱連結

        開啟 [訂閱連結](/subscription/link)，點擊複製連結，或用手機用戶端掃描 QR Code，然後匯入到用戶端。各系統的詳細步驟請見「用戶端設定」分類。

        > 訂閱連結就像您的帳號密碼，請勿傳給他人。
      `,
      en: md`
        ## Step 1: verify your email

        After you register we send a verification email; its link works for 24 hours. Until you verify, you can sign in to the console but you **cannot top up or buy a package**.

        1. Open the email and click the verification link.
        2. When the page says the address is verified, go back to the console and sign in again.

        No email? Look in your spam folder first. If it is not there, click "Resend verification email" in the banner at the top of the console.

        ## Step 2: top up your balance

        Open [Top up](/recharge) and pick one way:

        - **USDT**: choose one of the networks the page lists (TRC20, ERC20 or BEP20, whichever are open) and an amount, create the order, then send **exactly** the amount the page shows. It is credited automatically once the blockchain confirms it.
        - **Top-up code**: enter a 70-character code starting with \`RC-\`; it is credited at once. [Dealers](/dealer) sell these codes.

        ## Step 3: buy a package

        Open [Subscriptions](/subscription), choose a package under "Browse packages" and confirm. The price is taken from your balance and the subscription starts at once.

        ## Step 4: import your subscription link

        Open [Subscription link](/subscription/link), copy the link or scan the QR code with your phone, and import it into your client. The "Client setup" category has step-by-step guides for every system.

        > Your subscription link works like a password: do not share it.
      `,
    },
  },
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
      zh_CN: '复制链接或扫描二维码，把订阅导入客户端；续费和升级后只需更新订阅。',
      zh_TW: '複製連結或掃描 QR Code，把訂閱匯入用戶端；續費與升級後只需更新訂閱。',
      en: 'Copy the link or scan the QR code to add your subscription to a client; after a renewal just update it.',
    },
    content: {
      zh_CN: md`
        订阅链接是您专属的地址。客户端通过它下载节点列表，并定期自动更新，所以**只需导入一次**。

        ## 获取链接

        1. 在控制台打开 [订阅链接](/subscription/link)。
        2. 有多个订阅时，先在“选择订阅”中选中要使用的那一个。
        3. 任选一种方式：
           - 点击链接旁的**复制**按钮，再到客户端中粘贴；
           - 用手机客户端的“扫一扫”扫描页面上的**二维码**；
           - 在已安装客户端的设备上，点击**在客户端中打开**，由客户端直接导入。

        ## 导入到客户端

        各客户端的入口名称不同，一般叫“订阅”“订阅分组”“配置”或“Profiles”：新建一项，把链接粘贴到 URL 一栏并保存，然后执行一次“更新订阅”，节点列表就会出现。具体步骤请看“客户端配置”分类中对应的文章。

        ## 需要重新导入的情况

        - **续费或升级**：不需要。链接保持不变，在客户端中更新一次订阅即可。
        - **重置了链接**：需要。旧链接会立即失效，请在每台设备上删除旧订阅并导入新链接。

        > 不要把链接发到群聊或截图分享。如果怀疑已泄露，请在订阅链接页面点击“重置链接”。
      `,
      zh_TW: md`
        訂閱連結是您專屬的網址。用戶端透過它下載節點清單，並定期自動更新，所以**只需匯入一次**。

        ## 取得連結

        1. 在控制台開啟 [訂閱連結](/subscription/link)。
        2. 有多個訂閱時，先在「選擇訂閱」中選取要使用的那一個。
        3. 任選一種方式：
           - 點擊連結旁的**複製**按鈕，再到用戶端中貼上；
           - 用手機用戶端的掃描功能掃描頁面上的 **QR Code**；
           - 在已安裝用戶端的裝置上，點擊**在用戶端中開啟**，由用戶端直接匯入。

        ## 匯入到用戶端

        各用戶端的入口名稱不同，通常叫「訂閱」「訂閱分組」「設定檔」或「Profiles」：新增一項，把連結貼到 URL 欄位並儲存，再執行一次「更新訂閱」，節點清單就會出現。詳細步驟請看「用戶端設定」分類中對應的文章。

        ## 需要重新匯入的情況

        - **續費或升級**：不需要。連結保持不變，在用戶端中更新一次訂閱即可。
        - **重設了連結**：需要。舊連結會立即失效，請在每台裝置上刪除舊訂閱並匯入新連結。

        > 不要把連結貼到群組或截圖分享。如果懷疑已外洩，請在訂閱連結頁面點擊「重設連結」。
      `,
      en: md`
        Your subscription link is an address of your own. Clients download the node list from it and refresh it on a schedule, so you **import it only once**.

        ## Get the link

        1. In the console open [Subscription link](/subscription/link).
        2. If you have more than one subscription, pick the one to use in the "Subscription" selector.
        3. Then either:
           - click **Copy** next to the link and paste it into your client;
           - scan the **QR code** on the page with your phone client's scanner;
           - on a device where the client is installed, click **Open in a client** and let the client import it.

        ## Add it to the client

        Clients name the place differently ("Subscriptions", "Subscription group", "Profiles", "Config"): add an entry, paste the link into the URL field, save, then run "Update subscription" once and the node list appears. The articles in the "Client setup" category walk through each client.

        ## When to import again

        - **After a renewal or an upgrade**: no need. The link stays the same; update the subscription in the client once.
        - **After resetting the link**: yes. The old link stops working at once; remove the old subscription on every device and import the new link.

        > Never post the link in a group chat or a screenshot. If you think it leaked, click "Reset link" on the Subscription link page.
      `,
    },
  },
  {
    slug: 'subscription-formats',
    category: 'getting-started',
    platform: null,
    title: {
      zh_CN: '订阅格式说明：Base64、Clash Meta 与 sing-box',
      zh_TW: '訂閱格式說明：Base64、Clash Meta 與 sing-box',
      en: 'Subscription formats: Base64, Clash Meta and sing-box',
    },
    summary: {
      zh_CN: '同一个订阅链接会按客户端自动返回合适的格式，也可以用 format 参数手动指定。',
      zh_TW: '同一個訂閱連結會依用戶端自動回傳合適的格式，也可以用 format 參數手動指定。',
      en: 'One link serves each client the format it understands; the format parameter picks one by hand.',
    },
    content: {
      zh_CN: md`
        您不需要为不同客户端准备不同的链接：服务器会根据客户端的标识（User-Agent）自动返回它能识别的格式。

        ## 三种格式

        - **Base64 节点列表**：一行一个 \`vmess://\`、\`vless://\`、\`trojan://\` 或 \`ss://\` 链接，再整体做 Base64 编码。适用于 **v2rayN、v2rayNG、Shadowrocket**。
        - **Clash Meta（mihomo）YAML**：包含全部节点、“自动选择”测速分组和分流规则（局域网与中国大陆 IP 直连，其余走代理）。适用于 **Clash Verge Rev、ClashX Meta、Clash Meta for Android、Stash、mihomo**。
        - **sing-box JSON**：包含全部节点、选择器和自动测速，本地混合代理端口为 \`127.0.0.1:2080\`。适用于 **sing-box 官方客户端（SFA / SFI / SFM）、Hiddify**。

        ## 手动指定格式

        如果客户端无法识别导入的内容，可以在链接末尾加上参数：

        ~~~
        https://您的订阅链接?format=base64
        https://您的订阅链接?format=clash
        https://您的订阅链接?format=sing-box
        ~~~

        ## 常见问题

        - **导入后只有一个“已到期”或“流量已用完”的节点**：这是服务器的提示条目，说明订阅已到期、被暂停或流量用尽，续费后更新订阅即可恢复。
        - **更新频率**：客户端会按服务器建议的间隔自动更新。同一个链接每分钟最多拉取 30 次，请不要设置过短的自动更新间隔。
      `,
      zh_TW: md`
        您不需要為不同用戶端準備不同的連結：伺服器會依用戶端的識別（User-Agent）自動回傳它能辨識的格式。

        ## 三種格式

        - **Base64 節點清單**：一行一個 \`vmess://\`、\`vless://\`、\`trojan://\` 或 \`ss://\` 連結，再整體做 Base64 編碼。適用於 **v2rayN、v2rayNG、Shadowrocket**。
        - **Clash Meta（mihomo）YAML**：包含全部節點、「自動選擇」測速群組和分流規則（區域網路與中國大陸 IP 直連，其餘走代理）。適用於 **Clash Verge Rev、ClashX Meta、Clash Meta for Android、Stash、mihomo**。
        - **sing-box JSON**：包含全部節點、選擇器和自動測速，本機混合代理連接埠為 \`127.0.0.1:2080\`。適用於 **sing-box 官方用戶端（SFA / SFI / SFM）、Hiddify**。

        ## 手動指定格式

        如果用戶端無法辨識匯入的內容，可以在連結結尾加上參數：

        ~~~
        https://您的訂閱連結?format=base64
        https://您的訂閱連結?format=clash
        https://您的訂閱連結?format=sing-box
        ~~~

        ## 常見問題

        - **匯入後只有一個「已到期」或「流量已用完」的節點**：這是伺服器的提示項目，表示訂閱已到期、被暫停或流量用盡，續費後更新訂閱即可恢復。
        - **更新頻率**：用戶端會依伺服器建議的間隔自動更新。同一個連結每分鐘最多讀取 30 次，請不要設定過短的自動更新間隔。
      `,
      en: md`
        You do not need a different link for each client: the server looks at the client's identification (its User-Agent) and answers in a format that client understands.

        ## The three formats

        - **Base64 node list**: one \`vmess://\`, \`vless://\`, \`trojan://\` or \`ss://\` link per line, Base64-encoded as a whole. For **v2rayN, v2rayNG and Shadowrocket**.
        - **Clash Meta (mihomo) YAML**: every node, an "Auto" group that picks the fastest one, and routing rules (local network and mainland China addresses go direct, the rest through the proxy). For **Clash Verge Rev, ClashX Meta, Clash Meta for Android, Stash and mihomo**.
        - **sing-box JSON**: every node, a selector and automatic speed testing, with a local mixed proxy on \`127.0.0.1:2080\`. For the **official sing-box apps (SFA / SFI / SFM) and Hiddify**.

        ## Choosing a format by hand

        If a client cannot read what it imported, add a parameter to the end of the link:

        ~~~
        https://your-subscription-link?format=base64
        https://your-subscription-link?format=clash
        https://your-subscription-link?format=sing-box
        ~~~

        ## Questions

        - **After importing there is a single "expired" or "traffic used up" entry**: that entry is a notice from the server. The subscription has expired, was suspended or has no traffic left; renew it, then update the subscription in the client.
        - **How often to update**: clients follow the interval the server suggests. One link can be fetched at most 30 times a minute, so do not set a very short automatic update interval.
      `,
    },
  },
];
