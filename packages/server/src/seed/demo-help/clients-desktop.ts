import { md, type DemoHelpDocument } from './types.js';

/** Windows, macOS and Linux clients. */
export const DESKTOP_CLIENTS: DemoHelpDocument[] = [
  {
    slug: 'windows-v2rayn',
    category: 'clients',
    platform: 'windows',
    title: { zh_CN: 'Windows：使用 v2rayN', zh_TW: 'Windows：使用 v2rayN', en: 'Windows: using v2rayN' },
    summary: {
      zh_CN: '下载 v2rayN，添加订阅分组，更新订阅并开启系统代理。',
      zh_TW: '下載 v2rayN，新增訂閱分組，更新訂閱並開啟系統代理。',
      en: 'Download v2rayN, add a subscription group, update it and turn on the system proxy.',
    },
    content: {
      zh_CN: md`
        v2rayN 是 Windows 上最常用的免费客户端，订阅会以 Base64 节点列表的形式导入。

        ## 安装

        1. 打开 v2rayN 在 GitHub 的发布页（2dust/v2rayN → Releases），下载 Windows 64 位的 zip 包。不确定电脑是否装有 .NET 运行库时，选择文件名带 **SelfContained** 的版本。
        2. 把 zip 解压到一个普通文件夹（例如 \`D:\\v2rayN\`），不要放在 \`C:\\Program Files\` 下，否则程序无法保存设置。
        3. 双击运行 \`v2rayN.exe\`。若 Windows SmartScreen 阻止运行，点击“更多信息 → 仍要运行”。

        ## 导入订阅

        1. 在控制台 [订阅链接](/subscription/link) 页面复制链接。
        2. 在 v2rayN 中点击菜单 **订阅分组 → 订阅分组设置 → 添加**。
        3. “别名”随意填写，把链接粘贴到 **可选地址（url）**，点击“确定”。
        4. 点击 **订阅分组 → 更新全部订阅（不通过代理）**，节点列表随即出现。

        ## 连接

        1. 在列表中选中一个节点，按 **回车**（或右键 → 设为活动服务器）。
        2. 在窗口底部把 **系统代理** 设为“自动配置系统代理”，浏览器即可通过代理上网。
        3. 底部的 **路由** 建议选择“绕过大陆”，国内网站直连、速度更快。

        ## 小技巧

        - 选中全部节点后按 **Ctrl + R** 测试真连接延迟，再挑延迟低的节点。
        - 续费或升级后执行一次“更新全部订阅”即可，无需重新添加。
      `,
      zh_TW: md`
        v2rayN 是 Windows 上最常用的免費用戶端，訂閱會以 Base64 節點清單的形式匯入。

        ## 安裝

        1. 開啟 v2rayN 在 GitHub 的發布頁（2dust/v2rayN → Releases），下載 Windows 64 位元的 zip 檔。不確定電腦是否裝有 .NET 執行階段時，選擇檔名含 **SelfContained** 的版本。
        2. 把 zip 解壓縮到一般資料夾（例如 \`D:\\v2rayN\`），不要放在 \`C:\\Program Files\` 底下，否則程式無法儲存設定。
        3. 雙擊執行 \`v2rayN.exe\`。若 Windows SmartScreen 阻止執行，點擊「其他資訊 → 仍要執行」。

        ## 匯入訂閱

        1. 在控制台 [訂閱連結](/subscription/link) 頁面複製連結。
        2. 在 v2rayN 中點擊選單 **訂閱分組 → 訂閱分組設定 → 新增**。
        3. 「別名」隨意填寫，把連結貼到 **可選位址（url）**，點擊「確定」。
        4. 點擊 **訂閱分組 → 更新全部訂閱（不透過代理）**，節點清單隨即出現。

        ## 連線

        1. 在清單中選取一個節點，按 **Enter**（或按右鍵 → 設為作用中伺服器）。
        2. 在視窗底部把 **系統代理** 設為「自動設定系統代理」，瀏覽器即可透過代理上網。
        3. 底部的 **路由** 建議選擇「繞過大陸」，中國大陸網站直連、速度更快。

        ## 小技巧

        - 選取全部節點後按 **Ctrl + R** 測試真連線延遲，再挑延遲低的節點。
        - 續費或升級後執行一次「更新全部訂閱」即可，無需重新新增。
      `,
      en: md`
        v2rayN is the most widely used free client on Windows; it imports your subscription as a Base64 node list.

        ## Install

        1. Open v2rayN's release page on GitHub (2dust/v2rayN → Releases) and download the zip for 64-bit Windows. If you are not sure the .NET runtime is installed, take the build with **SelfContained** in its name.
        2. Unpack it into an ordinary folder such as \`D:\\v2rayN\`, not under \`C:\\Program Files\`, where it could not save its settings.
        3. Run \`v2rayN.exe\`. If Windows says it "protected your PC", click "More info → Run anyway".

        ## Import the subscription

        1. Copy your link on the [Subscription link](/subscription/link) page.
        2. In v2rayN open **Subscription group → Subscription group settings → Add**.
        3. Type any name under "Remarks", paste the link into **Optional URL** and click "Confirm".
        4. Click **Subscription group → Update subscriptions without proxy**; the node list appears.

        ## Connect

        1. Select a node and press **Enter** (or right-click → Set as active server).
        2. At the bottom of the window set **System proxy** to "Set system proxy"; your browser now goes through the proxy.
        3. For **Routing** at the bottom, "Bypass mainland" keeps Chinese sites direct and fast.

        ## Tips

        - Select all nodes and press **Ctrl + R** to test their real delay, then pick a fast one.
        - After a renewal or upgrade just run "Update subscriptions" again; nothing needs re-adding.
      `,
    },
  },
  {
    slug: 'windows-clash-verge-rev',
    category: 'clients',
    platform: 'windows',
    title: {
      zh_CN: 'Windows：使用 Clash Verge Rev',
      zh_TW: 'Windows：使用 Clash Verge Rev',
      en: 'Windows: using Clash Verge Rev',
    },
    summary: {
      zh_CN: '安装 Clash Verge Rev，导入订阅，选择节点并开启系统代理或 TUN 模式。',
      zh_TW: '安裝 Clash Verge Rev，匯入訂閱，選擇節點並開啟系統代理或 TUN 模式。',
      en: 'Install Clash Verge Rev, import your subscription, pick a node and turn on the system proxy or TUN mode.',
    },
    content: {
      zh_CN: md`
        Clash Verge Rev 基于 mihomo（Clash Meta）内核，界面直观，支持规则分流。它会自动获取 Clash Meta 格式的订阅。

        ## 安装

        1. 打开 GitHub 上的 clash-verge-rev/clash-verge-rev → Releases，下载 \`x64-setup.exe\` 结尾的安装包（ARM 电脑选 \`arm64-setup.exe\`）。
        2. 运行安装包并按提示完成安装，然后从开始菜单打开 **Clash Verge**。

        ## 导入订阅

        1. 在控制台 [订阅链接](/subscription/link) 页面复制链接。
        2. 点击左侧 **订阅**，把链接粘贴到顶部的输入框，点击 **导入**。
        3. 导入成功后会出现一张配置卡片，**点击卡片**使其处于选中状态。

        ## 连接

        1. 点击左侧 **代理**，顶部模式选择 **规则**。
        2. 在以站点名称命名的分组中选择一个节点；选择 **Auto** 则会自动使用延迟最低的节点。
        3. 点击左侧 **设置**，打开 **系统代理** 开关。

        ## 让所有程序都走代理（TUN 模式）

        有些程序（游戏、命令行工具）不读取系统代理。此时在 **设置** 中先安装 **服务模式**，再打开 **虚拟网卡模式（TUN）**，关闭系统代理即可。

        ## 自动更新

        在订阅卡片上点右键 → **编辑信息**，把“更新间隔”设为例如 720 分钟。续费或升级后也可以点击卡片上的刷新按钮立即更新。
      `,
      zh_TW: md`
        Clash Verge Rev 以 mihomo（Clash Meta）為核心，介面直覺，支援規則分流。它會自動取得 Clash Meta 格式的訂閱。

        ## 安裝

        1. 開啟 GitHub 上的 clash-verge-rev/clash-verge-rev → Releases，下載 \`x64-setup.exe\` 結尾的安裝檔（ARM 電腦選 \`arm64-setup.exe\`）。
        2. 執行安裝檔並依指示完成安裝，然後從開始功能表開啟 **Clash Verge**。

        ## 匯入訂閱

        1. 在控制台 [訂閱連結](/subscription/link) 頁面複製連結。
        2. 點擊左側 **訂閱**，把連結貼到頂端的輸入框，點擊 **匯入**。
        3. 匯入成功後會出現一張設定檔卡片，**點擊卡片**使其處於選取狀態。

        ## 連線

        1. 點擊左側 **代理**，頂端模式選擇 **規則**。
        2. 在以網站名稱命名的群組中選擇一個節點；選擇 **Auto** 則會自動使用延遲最低的節點。
        3. 點擊左側 **設定**，開啟 **系統代理** 開關。

        ## 讓所有程式都走代理（TUN 模式）

        有些程式（遊戲、命令列工具）不讀取系統代理。這時請在 **設定** 中先安裝 **服務模式**，再開啟 **虛擬網卡模式（TUN）**，並關閉系統代理。

        ## 自動更新

        在訂閱卡片上按右鍵 → **編輯資訊**，把「更新間隔」設為例如 720 分鐘。續費或升級後也可以點擊卡片上的重新整理按鈕立即更新。
      `,
      en: md`
        Clash Verge Rev runs the mihomo (Clash Meta) core, has a clear interface and routes by rules. It receives your subscription in Clash Meta format automatically.

        ## Install

        1. Open clash-verge-rev/clash-verge-rev → Releases on GitHub and download the installer ending in \`x64-setup.exe\` (\`arm64-setup.exe\` for ARM PCs).
        2. Run it, follow the steps, then start **Clash Verge** from the Start menu.

        ## Import the subscription

        1. Copy your link on the [Subscription link](/subscription/link) page.
        2. Click **Profiles** on the left, paste the link into the box at the top and click **Import**.
        3. A profile card appears: **click the card** so it is the selected profile.

        ## Connect

        1. Click **Proxies** on the left and choose **Rule** mode at the top.
        2. In the group named after the site, pick a node; **Auto** always uses the one with the lowest delay.
        3. Click **Settings** and turn on **System Proxy**.

        ## Every program through the proxy (TUN mode)

        Some programs (games, command-line tools) ignore the system proxy. In **Settings**, install **Service Mode** first, then turn on **TUN Mode** and turn the system proxy off.

        ## Automatic updates

        Right-click the profile card → **Edit Info** and set the update interval, for example 720 minutes. After a renewal or upgrade you can also click the refresh button on the card to update at once.
      `,
    },
  },
  {
    slug: 'macos-clash-verge-rev',
    category: 'clients',
    platform: 'macos',
    title: {
      zh_CN: 'macOS：使用 Clash Verge Rev',
      zh_TW: 'macOS：使用 Clash Verge Rev',
      en: 'macOS: using Clash Verge Rev',
    },
    summary: {
      zh_CN: '按芯片选择安装包，处理首次打开的安全提示，导入订阅并开启系统代理。',
      zh_TW: '依晶片選擇安裝檔，處理首次開啟的安全提示，匯入訂閱並開啟系統代理。',
      en: 'Pick the build for your chip, get past the first-launch warning, import and turn on the system proxy.',
    },
    content: {
      zh_CN: md`
        ## 安装

        1. 点击屏幕左上角的苹果菜单 → **关于本机**，查看“芯片”：Apple M 系列芯片下载 \`aarch64.dmg\`，Intel 芯片下载 \`x64.dmg\`（GitHub：clash-verge-rev/clash-verge-rev → Releases）。
        2. 打开 dmg，把 **Clash Verge** 拖进“应用程序”。
        3. 首次打开如提示“无法验证开发者”，请到 **系统设置 → 隐私与安全性**，在页面下方点击 **仍要打开**。如提示“已损坏”，在“终端”中执行下面的命令后再打开：

        ~~~
        sudo xattr -r -c /Applications/Clash\\ Verge.app
        ~~~

        ## 导入订阅并连接

        1. 在控制台 [订阅链接](/subscription/link) 页面复制链接。
        2. 在 Clash Verge 左侧点击 **订阅**，粘贴链接后点击 **导入**，再点击生成的卡片将其选中。
        3. 在 **代理** 页面选择 **规则** 模式，并在分组中选择节点（或选择 **Auto**）。
        4. 在 **设置** 中打开 **系统代理**。第一次开启时 macOS 会要求输入开机密码以授权。

        ## 说明

        - Safari、Chrome 等浏览器会自动使用系统代理；终端程序需要单独设置代理，或使用 **TUN 模式**（在“设置”中先安装服务模式）。
        - 续费或升级后，点击订阅卡片上的刷新按钮即可更新节点。
      `,
      zh_TW: md`
        ## 安裝

        1. 點擊螢幕左上角的蘋果選單 → **關於這台 Mac**，查看「晶片」：Apple M 系列晶片下載 \`aarch64.dmg\`，Intel 晶片下載 \`x64.dmg\`（GitHub：clash-verge-rev/clash-verge-rev → Releases）。
        2. 開啟 dmg，把 **Clash Verge** 拖進「應用程式」。
        3. 首次開啟若提示「無法驗證開發者」，請到 **系統設定 → 隱私權與安全性**，在頁面下方點擊 **強制打開**。若提示「已損毀」，在「終端機」中執行下面的指令後再開啟：

        ~~~
        sudo xattr -r -c /Applications/Clash\\ Verge.app
        ~~~

        ## 匯入訂閱並連線

        1. 在控制台 [訂閱連結](/subscription/link) 頁面複製連結。
        2. 在 Clash Verge 左側點擊 **訂閱**，貼上連結後點擊 **匯入**，再點擊產生的卡片將其選取。
        3. 在 **代理** 頁面選擇 **規則** 模式，並在群組中選擇節點（或選擇 **Auto**）。
        4. 在 **設定** 中開啟 **系統代理**。第一次開啟時 macOS 會要求輸入登入密碼以授權。

        ## 說明

        - Safari、Chrome 等瀏覽器會自動使用系統代理；終端機程式需要另外設定代理，或使用 **TUN 模式**（在「設定」中先安裝服務模式）。
        - 續費或升級後，點擊訂閱卡片上的重新整理按鈕即可更新節點。
      `,
      en: md`
        ## Install

        1. Open the Apple menu at the top left → **About This Mac** and look at "Chip": Apple M-series Macs need \`aarch64.dmg\`, Intel Macs \`x64.dmg\` (GitHub: clash-verge-rev/clash-verge-rev → Releases).
        2. Open the dmg and drag **Clash Verge** into Applications.
        3. If the first launch says the developer cannot be verified, go to **System Settings → Privacy & Security** and click **Open Anyway** near the bottom. If it says the app is damaged, run this in Terminal and open it again:

        ~~~
        sudo xattr -r -c /Applications/Clash\\ Verge.app
        ~~~

        ## Import and connect

        1. Copy your link on the [Subscription link](/subscription/link) page.
        2. In Clash Verge click **Profiles**, paste the link, click **Import**, then click the new card to select it.
        3. On **Proxies** choose **Rule** mode and pick a node in the group (or **Auto**).
        4. In **Settings** turn on **System Proxy**. The first time, macOS asks for your login password to allow it.

        ## Notes

        - Safari, Chrome and other browsers use the system proxy by themselves; Terminal programs need their own proxy settings, or use **TUN Mode** (install Service Mode in Settings first).
        - After a renewal or upgrade, click the refresh button on the profile card to update the nodes.
      `,
    },
  },
  {
    slug: 'macos-clashx-meta',
    category: 'clients',
    platform: 'macos',
    title: {
      zh_CN: 'macOS：使用 ClashX Meta',
      zh_TW: 'macOS：使用 ClashX Meta',
      en: 'macOS: using ClashX Meta',
    },
    summary: {
      zh_CN: '常驻菜单栏的轻量客户端：添加托管配置，选择节点，设为系统代理。',
      zh_TW: '常駐選單列的輕量用戶端：新增託管設定，選擇節點，設為系統代理。',
      en: 'A light menu-bar client: add a remote config, pick a node, set it as the system proxy.',
    },
    content: {
      zh_CN: md`
        ClashX Meta 只在菜单栏显示一个图标，占用资源少，同样使用 mihomo 内核和 Clash Meta 格式的订阅。

        ## 安装

        1. 在 GitHub 打开 MetaCubeX/ClashX.Meta → Releases，下载最新的 dmg 或 zip。
        2. 把 **ClashX Meta** 拖进“应用程序”并打开；首次启动时按提示安装辅助程序并输入开机密码。

        ## 添加订阅

        1. 在控制台 [订阅链接](/subscription/link) 页面复制链接。
        2. 点击菜单栏中的 ClashX Meta 图标 → **配置 → 托管配置 → 管理**。
        3. 点击 **添加**，在 URL 中粘贴链接，名称随意，点击“确定”。列表中出现该配置且更新时间正常即表示导入成功。

        ## 连接

        1. 在图标菜单的 **配置** 中选中刚添加的配置。
        2. **出站模式** 选择“规则”，在分组中选择节点（或 **Auto**）。
        3. 勾选 **设置为系统代理**。

        托管配置默认会定期自动更新；续费或升级后也可以在 **配置 → 托管配置 → 更新** 手动刷新。
      `,
      zh_TW: md`
        ClashX Meta 只在選單列顯示一個圖示，佔用資源少，同樣使用 mihomo 核心和 Clash Meta 格式的訂閱。

        ## 安裝

        1. 在 GitHub 開啟 MetaCubeX/ClashX.Meta → Releases，下載最新的 dmg 或 zip。
        2. 把 **ClashX Meta** 拖進「應用程式」並開啟；首次啟動時依提示安裝輔助程式並輸入登入密碼。

        ## 新增訂閱

        1. 在控制台 [訂閱連結](/subscription/link) 頁面複製連結。
        2. 點擊選單列中的 ClashX Meta 圖示 → **設定 → 託管設定 → 管理**。
        3. 點擊 **新增**，在 URL 中貼上連結，名稱隨意，點擊「確定」。清單中出現該設定且更新時間正常即表示匯入成功。

        ## 連線

        1. 在圖示選單的 **設定** 中選取剛新增的設定。
        2. **出站模式** 選擇「規則」，在群組中選擇節點（或 **Auto**）。
        3. 勾選 **設為系統代理**。

        託管設定預設會定期自動更新；續費或升級後也可以在 **設定 → 託管設定 → 更新** 手動重新整理。
      `,
      en: md`
        ClashX Meta lives as a single menu-bar icon and uses few resources. It also runs the mihomo core and receives the Clash Meta format.

        ## Install

        1. On GitHub open MetaCubeX/ClashX.Meta → Releases and download the latest dmg or zip.
        2. Drag **ClashX Meta** into Applications and open it; on the first start, install the helper it asks for and enter your login password.

        ## Add the subscription

        1. Copy your link on the [Subscription link](/subscription/link) page.
        2. Click the ClashX Meta icon in the menu bar → **Config → Remote config → Manage**.
        3. Click **Add**, paste the link as the URL, give it any name and click "OK". The config appears in the list with its update time when the import worked.

        ## Connect

        1. Under **Config** in the icon's menu, select the config you added.
        2. Set **Outbound mode** to "Rule" and pick a node in the group (or **Auto**).
        3. Tick **Set as system proxy**.

        Remote configs update on a schedule by themselves; after a renewal or upgrade you can refresh at once with **Config → Remote config → Update**.
      `,
    },
  },
  {
    slug: 'linux-clash-verge-rev',
    category: 'clients',
    platform: 'linux',
    title: {
      zh_CN: 'Linux 桌面：使用 Clash Verge Rev',
      zh_TW: 'Linux 桌面：使用 Clash Verge Rev',
      en: 'Linux desktop: using Clash Verge Rev',
    },
    summary: {
      zh_CN: '用 deb 或 rpm 包安装，导入订阅，开启系统代理，并为终端设置代理变量。',
      zh_TW: '用 deb 或 rpm 套件安裝，匯入訂閱，開啟系統代理，並為終端機設定代理變數。',
      en: 'Install the deb or rpm package, import, turn on the system proxy and set proxy variables for the terminal.',
    },
    content: {
      zh_CN: md`
        ## 安装

        在 GitHub 的 clash-verge-rev/clash-verge-rev → Releases 下载与系统对应的安装包，然后在下载目录中执行：

        ~~~
        # Debian / Ubuntu / Linux Mint
        sudo apt install ./Clash.Verge_*_amd64.deb

        # Fedora / openSUSE
        sudo dnf install ./Clash.Verge-*.x86_64.rpm
        ~~~

        Arch Linux 用户可以从 AUR 安装 \`clash-verge-rev-bin\`。安装后在应用菜单中打开 **Clash Verge**。

        ## 导入订阅并连接

        1. 在控制台 [订阅链接](/subscription/link) 页面复制链接。
        2. 点击左侧 **订阅**，粘贴链接并点击 **导入**，再点击卡片将其选中。
        3. 在 **代理** 页面选择 **规则** 模式和一个节点。
        4. 在 **设置** 中打开 **系统代理**。GNOME 和 KDE 会把它应用到浏览器等程序。

        ## 终端程序

        命令行工具通常只读取环境变量。先在 **设置 → 端口设置** 中查看混合代理端口（默认 7897），然后：

        ~~~
        export http_proxy=http://127.0.0.1:7897
        export https_proxy=http://127.0.0.1:7897
        export all_proxy=socks5://127.0.0.1:7897
        ~~~

        也可以在“设置”中安装服务模式后开启 **TUN 模式**，让所有流量都经过代理。
      `,
      zh_TW: md`
        ## 安裝

        在 GitHub 的 clash-verge-rev/clash-verge-rev → Releases 下載與系統對應的安裝套件，然後在下載目錄中執行：

        ~~~
        # Debian / Ubuntu / Linux Mint
        sudo apt install ./Clash.Verge_*_amd64.deb

        # Fedora / openSUSE
        sudo dnf install ./Clash.Verge-*.x86_64.rpm
        ~~~

        Arch Linux 使用者可以從 AUR 安裝 \`clash-verge-rev-bin\`。安裝後在應用程式選單中開啟 **Clash Verge**。

        ## 匯入訂閱並連線

        1. 在控制台 [訂閱連結](/subscription/link) 頁面複製連結。
        2. 點擊左側 **訂閱**，貼上連結並點擊 **匯入**，再點擊卡片將其選取。
        3. 在 **代理** 頁面選擇 **規則** 模式和一個節點。
        4. 在 **設定** 中開啟 **系統代理**。GNOME 和 KDE 會把它套用到瀏覽器等程式。

        ## 終端機程式

        命令列工具通常只讀取環境變數。先在 **設定 → 連接埠設定** 中查看混合代理連接埠（預設 7897），然後：

        ~~~
        export http_proxy=http://127.0.0.1:7897
        export https_proxy=http://127.0.0.1:7897
        export all_proxy=socks5://127.0.0.1:7897
        ~~~

        也可以在「設定」中安裝服務模式後開啟 **TUN 模式**，讓所有流量都經過代理。
      `,
      en: md`
        ## Install

        Download the package for your system from clash-verge-rev/clash-verge-rev → Releases on GitHub, then run this in the download folder:

        ~~~
        # Debian / Ubuntu / Linux Mint
        sudo apt install ./Clash.Verge_*_amd64.deb

        # Fedora / openSUSE
        sudo dnf install ./Clash.Verge-*.x86_64.rpm
        ~~~

        On Arch Linux, install \`clash-verge-rev-bin\` from the AUR. Then open **Clash Verge** from the applications menu.

        ## Import and connect

        1. Copy your link on the [Subscription link](/subscription/link) page.
        2. Click **Profiles**, paste the link, click **Import**, then click the card to select it.
        3. On **Proxies** choose **Rule** mode and a node.
        4. In **Settings** turn on **System Proxy**; GNOME and KDE apply it to browsers and other programs.

        ## Terminal programs

        Command-line tools usually read only environment variables. Look up the mixed port under **Settings → Port Config** (7897 by default), then:

        ~~~
        export http_proxy=http://127.0.0.1:7897
        export https_proxy=http://127.0.0.1:7897
        export all_proxy=socks5://127.0.0.1:7897
        ~~~

        Or install Service Mode in Settings and turn on **TUN Mode** so that all traffic goes through the proxy.
      `,
    },
  },
  {
    slug: 'linux-mihomo',
    category: 'clients',
    platform: 'linux',
    title: {
      zh_CN: 'Linux 服务器：用 mihomo 命令行运行',
      zh_TW: 'Linux 伺服器：用 mihomo 命令列執行',
      en: 'Linux server: running mihomo from the command line',
    },
    summary: {
      zh_CN: '没有图形界面时，用 mihomo 内核加 systemd 运行订阅，并定时更新配置。',
      zh_TW: '沒有圖形介面時，用 mihomo 核心搭配 systemd 執行訂閱，並定時更新設定。',
      en: 'Without a desktop: run your subscription with the mihomo core under systemd and refresh it on a timer.',
    },
    content: {
      zh_CN: md`
        适合云服务器、树莓派等没有桌面的 Linux。以下命令以 64 位 x86 为例，ARM 设备请下载 \`linux-arm64\` 版本。

        ## 1. 安装 mihomo

        在 GitHub 的 MetaCubeX/mihomo → Releases 找到最新版本的 \`mihomo-linux-amd64-<版本>.gz\`，下载后：

        ~~~
        gunzip mihomo-linux-amd64-*.gz
        sudo install -m 755 mihomo-linux-amd64-* /usr/local/bin/mihomo
        mihomo -v
        ~~~

        ## 2. 下载配置

        把订阅链接（在 [订阅链接](/subscription/link) 页面复制）加上 \`?format=clash\`：

        ~~~
        sudo mkdir -p /etc/mihomo
        sudo curl -fsSL -o /etc/mihomo/config.yaml "您的订阅链接?format=clash"
        sudo mihomo -d /etc/mihomo -t
        ~~~

        最后一条命令检查配置，看到 “test is successful” 即可。首次启动时 mihomo 会下载 GeoIP 数据库；如果服务器无法访问 GitHub，请手动下载 \`geoip.metadb\` 放进 \`/etc/mihomo\`。

        ## 3. 作为服务运行

        创建 \`/etc/systemd/system/mihomo.service\`：

        ~~~
        [Unit]
        Description=mihomo proxy
        After=network-online.target

        [Service]
        ExecStart=/usr/local/bin/mihomo -d /etc/mihomo
        Restart=on-failure

        [Install]
        WantedBy=multi-user.target
        ~~~

        然后执行 \`sudo systemctl enable --now mihomo\`。配置中的混合代理端口是 **7890**：

        ~~~
        export https_proxy=http://127.0.0.1:7890 http_proxy=http://127.0.0.1:7890
        curl -I https://www.google.com
        ~~~

        ## 4. 定时更新

        用 \`sudo crontab -e\` 添加一行，每天 4 点更新配置并重启服务：

        ~~~
        0 4 * * * curl -fsSL -o /etc/mihomo/config.yaml "您的订阅链接?format=clash" && systemctl restart mihomo
        ~~~
      `,
      zh_TW: md`
        適合雲端伺服器、樹莓派等沒有桌面的 Linux。以下指令以 64 位元 x86 為例，ARM 裝置請下載 \`linux-arm64\` 版本。

        ## 1. 安裝 mihomo

        在 GitHub 的 MetaCubeX/mihomo → Releases 找到最新版本的 \`mihomo-linux-amd64-<版本>.gz\`，下載後：

        ~~~
        gunzip mihomo-linux-amd64-*.gz
        sudo install -m 755 mihomo-linux-amd64-* /usr/local/bin/mihomo
        mihomo -v
        ~~~

        ## 2. 下載設定

        把訂閱連結（在 [訂閱連結](/subscription/link) 頁面複製）加上 \`?format=clash\`：

        ~~~
        sudo mkdir -p /etc/mihomo
        sudo curl -fsSL -o /etc/mihomo/config.yaml "您的訂閱連結?format=clash"
        sudo mihomo -d /etc/mihomo -t
        ~~~

        最後一條指令會檢查設定，看到「test is successful」即可。首次啟動時 mihomo 會下載 GeoIP 資料庫；如果伺服器無法連上 GitHub，請手動下載 \`geoip.metadb\` 放進 \`/etc/mihomo\`。

        ## 3. 作為服務執行

        建立 \`/etc/systemd/system/mihomo.service\`：

        ~~~
        [Unit]
        Description=mihomo proxy
        After=network-online.target

        [Service]
        ExecStart=/usr/local/bin/mihomo -d /etc/mihomo
        Restart=on-failure

        [Install]
        WantedBy=multi-user.target
        ~~~

        接著執行 \`sudo systemctl enable --now mihomo\`。設定中的混合代理連接埠是 **7890**：

        ~~~
        export https_proxy=http://127.0.0.1:7890 http_proxy=http://127.0.0.1:7890
        curl -I https://www.google.com
        ~~~

        ## 4. 定時更新

        用 \`sudo crontab -e\` 新增一行，每天 4 點更新設定並重新啟動服務：

        ~~~
        0 4 * * * curl -fsSL -o /etc/mihomo/config.yaml "您的訂閱連結?format=clash" && systemctl restart mihomo
        ~~~
      `,
      en: md`
        For cloud servers, a Raspberry Pi or any Linux without a desktop. The commands assume 64-bit x86; on ARM download the \`linux-arm64\` build instead.

        ## 1. Install mihomo

        On GitHub open MetaCubeX/mihomo → Releases, download the latest \`mihomo-linux-amd64-<version>.gz\`, then:

        ~~~
        gunzip mihomo-linux-amd64-*.gz
        sudo install -m 755 mihomo-linux-amd64-* /usr/local/bin/mihomo
        mihomo -v
        ~~~

        ## 2. Download the configuration

        Take your subscription link (copy it on the [Subscription link](/subscription/link) page) and add \`?format=clash\`:

        ~~~
        sudo mkdir -p /etc/mihomo
        sudo curl -fsSL -o /etc/mihomo/config.yaml "your-subscription-link?format=clash"
        sudo mihomo -d /etc/mihomo -t
        ~~~

        The last command checks the file; "test is successful" means it is fine. On its first start mihomo downloads a GeoIP database; if the server cannot reach GitHub, download \`geoip.metadb\` yourself and put it in \`/etc/mihomo\`.

        ## 3. Run it as a service

        Create \`/etc/systemd/system/mihomo.service\`:

        ~~~
        [Unit]
        Description=mihomo proxy
        After=network-online.target

        [Service]
        ExecStart=/usr/local/bin/mihomo -d /etc/mihomo
        Restart=on-failure

        [Install]
        WantedBy=multi-user.target
        ~~~

        Then run \`sudo systemctl enable --now mihomo\`. The configuration's mixed proxy port is **7890**:

        ~~~
        export https_proxy=http://127.0.0.1:7890 http_proxy=http://127.0.0.1:7890
        curl -I https://www.google.com
        ~~~

        ## 4. Keep it up to date

        Add a line with \`sudo crontab -e\` to fetch the configuration every day at 4:00 and restart the service:

        ~~~
        0 4 * * * curl -fsSL -o /etc/mihomo/config.yaml "your-subscription-link?format=clash" && systemctl restart mihomo
        ~~~
      `,
    },
  },
];
