import { md, type DemoHelpDocument } from './types.js';

/** iOS and Android clients. */
export const MOBILE_CLIENTS: DemoHelpDocument[] = [
  {
    slug: 'ios-shadowrocket',
    category: 'clients',
    platform: 'ios',
    title: {
      zh_CN: 'iOS：使用 Shadowrocket',
      zh_TW: 'iOS：使用 Shadowrocket',
      en: 'iOS: using Shadowrocket',
    },
    summary: {
      zh_CN: '用非中国大陆区 Apple ID 购买 Shadowrocket，扫码或粘贴链接添加订阅并连接。',
      zh_TW: '用非中國大陸區 Apple ID 購買 Shadowrocket，掃碼或貼上連結新增訂閱並連線。',
      en: 'Buy Shadowrocket with a non-mainland-China Apple ID, add your subscription by QR code or link, connect.',
    },
    content: {
      zh_CN: md`
        ## 安装

        Shadowrocket 是 App Store 中的付费应用，**中国大陆区 App Store 无法下载**。请使用其他国家或地区（例如美国、香港）的 Apple ID 登录 App Store 后购买安装。

        ## 添加订阅

        **方法一：扫描二维码（推荐）**

        1. 在电脑上打开控制台的 [订阅链接](/subscription/link) 页面，二维码会显示在链接旁边。
        2. 在 Shadowrocket 首页点击左上角的 **扫描** 图标，对准二维码，订阅会自动添加。

        **方法二：粘贴链接**

        1. 在手机上打开订阅链接页面并点击复制。
        2. 在 Shadowrocket 首页点击右上角 **+**，“类型”选择 **Subscribe**。
        3. 在 **URL** 中粘贴链接，“备注”随意填写，点击 **完成**。

        ## 连接

        1. 在首页的节点列表中点选一个节点（左侧出现圆点表示已选中）。
        2. 打开顶部的连接开关。首次连接时 iOS 会询问是否 **添加 VPN 配置**，点击“允许”并输入锁屏密码。
        3. 底部“全局路由”建议选择 **配置**（按规则分流）。

        ## 更新订阅

        在首页向左滑动订阅那一行，点击 **更新**。也可以在 **设置 → 订阅** 中打开“打开时更新”，每次启动都自动更新。
      `,
      zh_TW: md`
        ## 安裝

        Shadowrocket 是 App Store 中的付費 App，**中國大陸區 App Store 無法下載**。請使用其他國家或地區（例如美國、香港、台灣）的 Apple ID 登入 App Store 後購買安裝。

        ## 新增訂閱

        **方法一：掃描 QR Code（推薦）**

        1. 在電腦上開啟控制台的 [訂閱連結](/subscription/link) 頁面，QR Code 會顯示在連結旁邊。
        2. 在 Shadowrocket 首頁點擊左上角的 **掃描** 圖示，對準 QR Code，訂閱會自動新增。

        **方法二：貼上連結**

        1. 在手機上開啟訂閱連結頁面並點擊複製。
        2. 在 Shadowrocket 首頁點擊右上角 **+**，「類型」選擇 **Subscribe**。
        3. 在 **URL** 中貼上連結，「備註」隨意填寫，點擊 **完成**。

        ## 連線

        1. 在首頁的節點清單中點選一個節點（左側出現圓點表示已選取）。
        2. 開啟頂端的連線開關。首次連線時 iOS 會詢問是否 **加入 VPN 設定**，點擊「允許」並輸入鎖定密碼。
        3. 底部「全域路由」建議選擇 **設定**（依規則分流）。

        ## 更新訂閱

        在首頁向左滑動訂閱那一列，點擊 **更新**。也可以在 **設定 → 訂閱** 中開啟「開啟時更新」，每次啟動都自動更新。
      `,
      en: md`
        ## Install

        Shadowrocket is a paid App Store app and is **not available in the mainland China App Store**. Sign in to the App Store with an Apple ID of another country or region (for example the US or Hong Kong) to buy it.

        ## Add the subscription

        **Option 1: scan the QR code (easiest)**

        1. Open the console's [Subscription link](/subscription/link) page on a computer; the QR code is shown beside the link.
        2. In Shadowrocket tap the **scan** icon at the top left of the home screen and point it at the QR code. The subscription is added.

        **Option 2: paste the link**

        1. Open the Subscription link page on your phone and tap copy.
        2. In Shadowrocket tap **+** at the top right and choose the type **Subscribe**.
        3. Paste the link into **URL**, add any remark and tap **Done**.

        ## Connect

        1. Tap a node in the list on the home screen (a dot on its left shows it is selected).
        2. Turn on the switch at the top. The first time, iOS asks to **Add VPN Configurations**: tap "Allow" and enter your passcode.
        3. For "Global Routing" at the bottom, **Config** (rule-based routing) is the best choice.

        ## Updating

        Swipe the subscription row to the left on the home screen and tap **Update**. Or turn on "Update on open" under **Settings → Subscription** to update on every launch.
      `,
    },
  },
  {
    slug: 'ios-stash',
    category: 'clients',
    platform: 'ios',
    title: { zh_CN: 'iOS：使用 Stash', zh_TW: 'iOS：使用 Stash', en: 'iOS: using Stash' },
    summary: {
      zh_CN: '支持 Clash 规则的 iOS 客户端：从 URL 下载配置，选择节点后启动。',
      zh_TW: '支援 Clash 規則的 iOS 用戶端：從 URL 下載設定檔，選擇節點後啟動。',
      en: 'An iOS client with Clash rules: download the profile from a URL, pick a node, start.',
    },
    content: {
      zh_CN: md`
        Stash 使用 Clash 规则分流，会自动获取 Clash Meta 格式的订阅，适合希望国内外流量自动分开的用户。

        ## 安装

        Stash 是 App Store 中的付费应用，同样需要非中国大陆区的 Apple ID 购买。

        ## 导入订阅

        1. 在控制台 [订阅链接](/subscription/link) 页面复制链接。
        2. 打开 Stash，进入 **设置 → 配置文件**，点击 **从 URL 下载配置**。
        3. 粘贴链接并确认，下载完成后点选该配置文件，使其成为当前配置。

        ## 连接

        1. 回到首页，打开顶部的开关；首次使用时允许添加 VPN 配置。
        2. 在 **策略组** 中，以站点名称命名的分组里选择节点，或选择 **Auto** 自动测速。

        ## 自动更新

        在配置文件列表中左滑该配置，可以立即更新；在配置详情里可以设置自动更新间隔（建议 12 小时）。续费或升级后更新一次即可。
      `,
      zh_TW: md`
        Stash 使用 Clash 規則分流，會自動取得 Clash Meta 格式的訂閱，適合希望國內外流量自動分開的使用者。

        ## 安裝

        Stash 是 App Store 中的付費 App，同樣需要非中國大陸區的 Apple ID 購買。

        ## 匯入訂閱

        1. 在控制台 [訂閱連結](/subscription/link) 頁面複製連結。
        2. 開啟 Stash，進入 **設定 → 設定檔**，點擊 **從 URL 下載設定檔**。
        3. 貼上連結並確認，下載完成後點選該設定檔，使其成為目前的設定。

        ## 連線

        1. 回到首頁，開啟頂端的開關；首次使用時允許加入 VPN 設定。
        2. 在 **策略群組** 中，以網站名稱命名的群組裡選擇節點，或選擇 **Auto** 自動測速。

        ## 自動更新

        在設定檔清單中左滑該設定檔可以立即更新；在設定檔詳細資料裡可以設定自動更新間隔（建議 12 小時）。續費或升級後更新一次即可。
      `,
      en: md`
        Stash routes traffic with Clash rules and receives the Clash Meta format automatically: a good choice if you want local and foreign traffic split for you.

        ## Install

        Stash is a paid App Store app; like Shadowrocket it needs an Apple ID outside mainland China.

        ## Import the subscription

        1. Copy your link on the [Subscription link](/subscription/link) page.
        2. Open Stash, go to **Settings → Profiles** and tap **Download from URL**.
        3. Paste the link and confirm; when it has downloaded, tap the profile to make it the active one.

        ## Connect

        1. Back on the home screen, turn on the switch at the top and allow the VPN configuration the first time.
        2. Under **Proxy groups**, pick a node in the group named after the site, or **Auto** to use the fastest.

        ## Automatic updates

        Swipe the profile to the left in the profile list to update it at once; in its details you can set an update interval (12 hours works well). After a renewal or upgrade, update it once.
      `,
    },
  },
  {
    slug: 'android-v2rayng',
    category: 'clients',
    platform: 'android',
    title: { zh_CN: 'Android：使用 v2rayNG', zh_TW: 'Android：使用 v2rayNG', en: 'Android: using v2rayNG' },
    summary: {
      zh_CN: '安装 v2rayNG，添加订阅分组，更新订阅，测速后选择节点连接。',
      zh_TW: '安裝 v2rayNG，新增訂閱分組，更新訂閱，測速後選擇節點連線。',
      en: 'Install v2rayNG, add a subscription group, update it, test the nodes and connect.',
    },
    content: {
      zh_CN: md`
        ## 安装

        从 Google Play 安装 v2rayNG，或在 GitHub 的 2dust/v2rayNG → Releases 下载 APK。大多数手机选择文件名带 **arm64-v8a** 的版本；不确定时选 **universal** 版本。

        ## 添加订阅

        1. 在控制台 [订阅链接](/subscription/link) 页面复制链接。
        2. 打开 v2rayNG，点击左上角 **☰** → **订阅分组设置**。
        3. 点击右上角 **+**，“备注”随意填写，把链接粘贴到 **可选地址（url）**，点击右上角 **✓** 保存。
        4. 返回首页，点击右上角 **⋮** → **更新订阅**，节点列表随即出现。

        ## 测速并连接

        1. 点击 **⋮ → 测试全部配置真连接**，等待结果后再点 **⋮ → 按测试结果排序**。
        2. 点选延迟最低的节点（左侧出现竖条表示已选中）。
        3. 点击右下角的 **V** 按钮启动，系统询问“连接请求”时点击“确定”。

        顶部通知栏出现钥匙图标即表示已连接。续费或升级后，再执行一次“更新订阅”即可。
      `,
      zh_TW: md`
        ## 安裝

        從 Google Play 安裝 v2rayNG，或在 GitHub 的 2dust/v2rayNG → Releases 下載 APK。大多數手機選擇檔名含 **arm64-v8a** 的版本；不確定時選 **universal** 版本。

        ## 新增訂閱

        1. 在控制台 [訂閱連結](/subscription/link) 頁面複製連結。
        2. 開啟 v2rayNG，點擊左上角 **☰** → **訂閱分組設定**。
        3. 點擊右上角 **+**，「備註」隨意填寫，把連結貼到 **可選位址（url）**，點擊右上角 **✓** 儲存。
        4. 回到首頁，點擊右上角 **⋮** → **更新訂閱**，節點清單隨即出現。

        ## 測速並連線

        1. 點擊 **⋮ → 測試全部設定真連線**，等待結果後再點 **⋮ → 依測試結果排序**。
        2. 點選延遲最低的節點（左側出現直條表示已選取）。
        3. 點擊右下角的 **V** 按鈕啟動，系統詢問「連線要求」時點擊「確定」。

        頂端通知列出現鑰匙圖示即表示已連線。續費或升級後，再執行一次「更新訂閱」即可。
      `,
      en: md`
        ## Install

        Install v2rayNG from Google Play, or download the APK from 2dust/v2rayNG → Releases on GitHub. Most phones need the build with **arm64-v8a** in its name; if unsure, take the **universal** one.

        ## Add the subscription

        1. Copy your link on the [Subscription link](/subscription/link) page.
        2. Open v2rayNG and tap **☰** at the top left → **Subscription group setting**.
        3. Tap **+** at the top right, type any remark, paste the link into **Optional URL** and tap **✓** to save.
        4. Back on the main screen tap **⋮** at the top right → **Update subscription**; the node list appears.

        ## Test and connect

        1. Tap **⋮ → Real delay all configuration**, wait for the results, then **⋮ → Sort by test results**.
        2. Tap the node with the lowest delay (a bar on its left shows it is selected).
        3. Tap the **V** button at the bottom right and accept the "Connection request".

        A key icon in the status bar means you are connected. After a renewal or upgrade, run "Update subscription" again.
      `,
    },
  },
  {
    slug: 'android-clash-meta',
    category: 'clients',
    platform: 'android',
    title: {
      zh_CN: 'Android：使用 Clash Meta for Android',
      zh_TW: 'Android：使用 Clash Meta for Android',
      en: 'Android: using Clash Meta for Android',
    },
    summary: {
      zh_CN: '用 URL 新建配置并设置自动更新，选中配置后启动，按规则分流。',
      zh_TW: '用 URL 新增設定檔並設定自動更新，選取設定檔後啟動，依規則分流。',
      en: 'Create a profile from the URL with automatic updates, select it, start, and let the rules route traffic.',
    },
    content: {
      zh_CN: md`
        Clash Meta for Android 使用 mihomo 内核，会自动获取 Clash Meta 格式的订阅，国内网站直连，其余走代理。

        ## 安装

        在 GitHub 的 MetaCubeX/ClashMetaForAndroid → Releases 下载 APK（大多数手机选 **arm64-v8a**，不确定时选 **universal**），安装时允许“安装未知应用”。

        ## 导入订阅

        1. 在控制台 [订阅链接](/subscription/link) 页面复制链接。
        2. 打开应用，点击 **配置** → 右上角 **+** → **URL**。
        3. 填写名称，把链接粘贴到 **URL**，**自动更新** 填 \`1440\`（分钟，即每天一次）。
        4. 点击右上角的保存图标，等待下载完成后返回，点选该配置使其选中。

        ## 连接

        1. 回到首页，点击 **已停止 · 点此启动**，系统询问时允许建立 VPN 连接。
        2. 点击 **代理**，在以站点名称命名的分组中选择节点，或选择 **Auto**。

        续费或升级后，在 **配置** 中点击该配置右侧的更新按钮即可立即更新。
      `,
      zh_TW: md`
        Clash Meta for Android 使用 mihomo 核心，會自動取得 Clash Meta 格式的訂閱，中國大陸網站直連，其餘走代理。

        ## 安裝

        在 GitHub 的 MetaCubeX/ClashMetaForAndroid → Releases 下載 APK（大多數手機選 **arm64-v8a**，不確定時選 **universal**），安裝時允許「安裝不明應用程式」。

        ## 匯入訂閱

        1. 在控制台 [訂閱連結](/subscription/link) 頁面複製連結。
        2. 開啟 App，點擊 **設定檔** → 右上角 **+** → **URL**。
        3. 填寫名稱，把連結貼到 **URL**，**自動更新** 填 \`1440\`（分鐘，即每天一次）。
        4. 點擊右上角的儲存圖示，等待下載完成後返回，點選該設定檔使其選取。

        ## 連線

        1. 回到首頁，點擊 **已停止 · 點此啟動**，系統詢問時允許建立 VPN 連線。
        2. 點擊 **代理**，在以網站名稱命名的群組中選擇節點，或選擇 **Auto**。

        續費或升級後，在 **設定檔** 中點擊該設定檔右側的更新按鈕即可立即更新。
      `,
      en: md`
        Clash Meta for Android runs the mihomo core and receives the Clash Meta format automatically: local sites go direct, the rest through the proxy.

        ## Install

        Download the APK from MetaCubeX/ClashMetaForAndroid → Releases on GitHub (**arm64-v8a** for most phones, **universal** if unsure) and allow "Install unknown apps" when asked.

        ## Import the subscription

        1. Copy your link on the [Subscription link](/subscription/link) page.
        2. Open the app and tap **Profiles** → **+** at the top right → **URL**.
        3. Enter a name, paste the link into **URL** and set **Auto update** to \`1440\` (minutes: once a day).
        4. Tap the save icon at the top right, wait for the download, go back and tap the profile to select it.

        ## Connect

        1. On the home screen tap **Stopped · Tap to start** and allow the VPN connection.
        2. Tap **Proxy** and pick a node in the group named after the site, or **Auto**.

        After a renewal or upgrade, tap the update button beside the profile under **Profiles** to refresh it at once.
      `,
    },
  },
];
