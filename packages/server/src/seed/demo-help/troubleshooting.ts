import { md, type DemoHelpDocument } from './types.js';

export const TROUBLESHOOTING: DemoHelpDocument[] = [
  {
    slug: 'cannot-connect',
    category: 'troubleshooting',
    platform: null,
    title: { zh_CN: '无法连接怎么办', zh_TW: '無法連線怎麼辦', en: 'What to do when nothing connects' },
    summary: {
      zh_CN: '按顺序检查订阅状态与流量、更新订阅、设备时间、换节点，多数问题都能自行解决。',
      zh_TW: '依序檢查訂閱狀態與流量、更新訂閱、裝置時間、換節點，多數問題都能自行解決。',
      en: 'Check the subscription and its traffic, update it, check the clock, try another node: most problems end here.',
    },
    content: {
      zh_CN: md`
        请按下面的顺序逐项检查，每一步之后都重新连接试一试。

        ## 1. 订阅是否有效、流量是否充足

        打开 [订阅管理](/subscription)，确认订阅状态为 **生效中**，到期时间未过，已用流量没有达到上限。

        - 状态为 **已过期** 或 **已暂停**（流量用完）：续费后即可恢复，详见《流量用完或订阅到期怎么办》。
        - 客户端里只剩一个“已到期”“流量已用完”之类的节点：这正是服务器发出的提示。

        ## 2. 更新订阅

        节点会调整或更换地址，请在客户端中手动执行一次 **更新订阅**。如果更新失败并提示 404，说明链接已被重置，需要重新导入新链接。

        ## 3. 检查设备时间

        VMess 协议要求设备时间与标准时间相差不超过 **90 秒**，否则连接会被拒绝。请在系统设置中开启“自动设置时间”，详见《VMess 连不上：校准设备时间》。

        ## 4. 换一个节点

        打开 [节点中心](/nodes)，查看哪些节点 **在线**、负载较低。维护中或离线的节点暂时无法使用；换到同地区或其他地区的在线节点再试。

        ## 5. 排除本地干扰

        - 关闭其他代理、加速器或 VPN 软件，它们会互相抢占系统代理。
        - 尝试切换网络（Wi-Fi 与移动数据），排除当前网络的限制。

        ## 仍然无法解决？

        请 [提交工单](/support)，写明使用的设备、客户端及版本、节点名称，并附上客户端日志截图，我们会尽快处理。
      `,
      zh_TW: md`
        請依下面的順序逐項檢查，每一步之後都重新連線試一試。

        ## 1. 訂閱是否有效、流量是否充足

        開啟 [訂閱管理](/subscription)，確認訂閱狀態為 **生效中**，到期時間未過，已用流量沒有達到上限。

        - 狀態為 **已過期** 或 **已暫停**（流量用完）：續費後即可恢復，詳見〈流量用完或訂閱到期怎麼辦〉。
        - 用戶端裡只剩一個「已到期」「流量已用完」之類的節點：這正是伺服器發出的提示。

        ## 2. 更新訂閱

        節點會調整或更換位址，請在用戶端中手動執行一次 **更新訂閱**。若更新失敗並顯示 404，表示連結已被重設，需要重新匯入新連結。

        ## 3. 檢查裝置時間

        VMess 協定要求裝置時間與標準時間相差不超過 **90 秒**，否則連線會被拒絕。請在系統設定中開啟「自動設定時間」，詳見〈VMess 連不上：校正裝置時間〉。

        ## 4. 換一個節點

        開啟 [節點中心](/nodes)，查看哪些節點 **在線**、負載較低。維護中或離線的節點暫時無法使用；換到同地區或其他地區的在線節點再試。

        ## 5. 排除本機干擾

        - 關閉其他代理、加速器或 VPN 軟體，它們會互相搶佔系統代理。
        - 嘗試切換網路（Wi-Fi 與行動數據），排除目前網路的限制。

        ## 仍然無法解決？

        請 [提交工單](/support)，寫明使用的裝置、用戶端及版本、節點名稱，並附上用戶端日誌截圖，我們會盡快處理。
      `,
      en: md`
        Go through these checks in order and try to connect again after each one.

        ## 1. Is the subscription active, with traffic left?

        Open [Subscriptions](/subscription) and check that the status is **Active**, the end date has not passed and the used traffic is below the limit.

        - **Expired** or **Suspended** (traffic used up): renew and it works again; see "Traffic used up or subscription expired".
        - The client shows a single entry such as "expired" or "traffic used up": that entry is the server telling you exactly this.

        ## 2. Update the subscription

        Nodes are added and moved, so run **Update subscription** in your client by hand. If the update fails with 404, the link was reset and you need to import the new one.

        ## 3. Check the device clock

        VMess refuses connections from a device whose clock is more than **90 seconds** off. Turn on "Set time automatically" in your system settings; see "VMess does not connect: fix the device clock".

        ## 4. Try another node

        Open the [Node centre](/nodes) and see which nodes are **Online** and lightly loaded. Nodes in maintenance or offline cannot be used for now; switch to an online node in the same or another region.

        ## 5. Rule out local interference

        - Quit other proxies, game boosters or VPN apps: they fight over the system proxy.
        - Try another network (Wi-Fi versus mobile data) to rule out a block on the current one.

        ## Still stuck?

        [Open a ticket](/support) with your device, client and its version, the node's name and a screenshot of the client log, and we will look into it.
      `,
    },
  },
  {
    slug: 'traffic-used-up-or-expired',
    category: 'troubleshooting',
    platform: null,
    title: {
      zh_CN: '流量用完或订阅到期怎么办',
      zh_TW: '流量用完或訂閱到期怎麼辦',
      en: 'Traffic used up or subscription expired',
    },
    summary: {
      zh_CN: '流量用尽会暂停服务，到期会停止服务；续费或升级后立即恢复，链接不变。',
      zh_TW: '流量用盡會暫停服務，到期會停止服務；續費或升級後立即恢復，連結不變。',
      en: 'Running out of traffic suspends the service and expiry stops it; renewing or upgrading brings it back at once.',
    },
    content: {
      zh_CN: md`
        ## 会发生什么

        - **流量用完**：已用流量达到套餐上限时，订阅会立即变为 **已暂停**，所有节点停止为该订阅服务。
        - **订阅到期**：到期后订阅变为 **已过期**。
        - 在这两种情况下，客户端更新订阅后只会看到一个提示条目（例如“流量已用完”），它不会连接任何服务器。

        ## 如何恢复

        1. 确认余额足够；不够的话先到 [账户充值](/recharge) 充值。
        2. 打开 [订阅管理](/subscription)，在对应订阅上选择：
           - **续费**：延长一个周期，并**重新开始计算流量**；已过期的订阅从现在起重新生效。
           - **升级**：换成流量更多的套餐。系统会先显示预览，按剩余时间和剩余流量折算抵扣金额，确认后只需支付差价。
        3. 在客户端中 **更新订阅**，节点就会回来。订阅链接保持不变，无需重新导入。

        ## 避免再次中断

        - 打开订阅卡片上的 **自动续费**：到期前一天内会自动从余额扣费续订，余额不足时会邮件提醒您。
        - 在 [订阅管理](/subscription) 的“订阅统计”中查看每天的流量，及时判断是否需要升级。
      `,
      zh_TW: md`
        ## 會發生什麼事

        - **流量用完**：已用流量達到方案上限時，訂閱會立即變為 **已暫停**，所有節點停止為該訂閱服務。
        - **訂閱到期**：到期後訂閱變為 **已過期**。
        - 在這兩種情況下，用戶端更新訂閱後只會看到一個提示項目（例如「流量已用完」），它不會連線到任何伺服器。

        ## 如何恢復

        1. 確認餘額足夠；不夠的話先到 [帳戶儲值](/recharge) 儲值。
        2. 開啟 [訂閱管理](/subscription)，在對應的訂閱上選擇：
           - **續費**：延長一個週期，並**重新開始計算流量**；已過期的訂閱從現在起重新生效。
           - **升級**：換成流量更多的方案。系統會先顯示預覽，依剩餘時間和剩餘流量折算抵扣金額，確認後只需支付差價。
        3. 在用戶端中 **更新訂閱**，節點就會回來。訂閱連結保持不變，無需重新匯入。

        ## 避免再次中斷

        - 開啟訂閱卡片上的 **自動續訂**：到期前一天內會自動從餘額扣款續訂，餘額不足時會寄信提醒您。
        - 在 [訂閱管理](/subscription) 的「訂閱統計」中查看每天的流量，及早判斷是否需要升級。
      `,
      en: md`
        ## What happens

        - **Traffic used up**: when the used traffic reaches the package limit, the subscription becomes **Suspended** at once and no node serves it any more.
        - **Expired**: at its end date the subscription becomes **Expired**.
        - In both cases, after updating the subscription your client shows a single notice entry (such as "traffic used up") that connects nowhere.

        ## Getting it back

        1. Make sure your balance is enough; if not, [top up](/recharge) first.
        2. Open [Subscriptions](/subscription) and, on that subscription, choose:
           - **Renew**: adds one more period and **starts the traffic again**; an expired subscription starts again from now.
           - **Upgrade**: moves to a package with more traffic. A preview shows the credit for the remaining time and traffic first, and you pay only the difference.
        3. **Update the subscription** in your client and the nodes are back. The link stays the same; nothing needs re-importing.

        ## Avoiding the next interruption

        - Turn on **Auto-renew** on the subscription card: it renews from your balance within a day before the end, and emails you if the balance is short.
        - Watch your daily traffic under "Statistics" on [Subscriptions](/subscription) to see early whether an upgrade makes sense.
      `,
    },
  },
  {
    slug: 'link-reset-reimport',
    category: 'troubleshooting',
    platform: null,
    title: {
      zh_CN: '重置订阅链接后如何重新导入',
      zh_TW: '重設訂閱連結後如何重新匯入',
      en: 'Re-importing after resetting your link',
    },
    summary: {
      zh_CN: '重置后旧链接立即失效（更新时报 404），需要在每台设备上删除旧订阅并导入新链接。',
      zh_TW: '重設後舊連結立即失效（更新時顯示 404），需要在每台裝置上刪除舊訂閱並匯入新連結。',
      en: 'After a reset the old link stops at once (updates fail with 404): replace it on every device.',
    },
    content: {
      zh_CN: md`
        ## 什么时候需要重置

        当您怀疑链接被他人使用（例如在线设备数异常、流量消耗过快），或者不小心把链接发给了别人时，请在 [订阅链接](/subscription/link) 页面点击 **重置链接**。

        ## 重置之后

        - 旧链接 **立即失效**，客户端更新时会提示 404 或“下载失败”，但已经建立的连接可能还会维持一会儿。
        - 订阅本身、到期时间和剩余流量都不会改变。

        ## 在每台设备上重新导入

        1. 在 [订阅链接](/subscription/link) 页面复制新的链接（或扫描新的二维码）。
        2. 在客户端中 **删除旧的订阅**（或编辑它，把 URL 换成新链接）。
        3. 导入新链接并 **更新订阅**，重新选择节点后连接。

        各客户端的具体位置请参考“客户端配置”分类中的文章。
      `,
      zh_TW: md`
        ## 什麼時候需要重設

        當您懷疑連結被他人使用（例如線上裝置數異常、流量消耗過快），或者不小心把連結傳給了別人時，請在 [訂閱連結](/subscription/link) 頁面點擊 **重設連結**。

        ## 重設之後

        - 舊連結 **立即失效**，用戶端更新時會顯示 404 或「下載失敗」，但已經建立的連線可能還會維持一會兒。
        - 訂閱本身、到期時間和剩餘流量都不會改變。

        ## 在每台裝置上重新匯入

        1. 在 [訂閱連結](/subscription/link) 頁面複製新的連結（或掃描新的 QR Code）。
        2. 在用戶端中 **刪除舊的訂閱**（或編輯它，把 URL 換成新連結）。
        3. 匯入新連結並 **更新訂閱**，重新選擇節點後連線。

        各用戶端的具體位置請參考「用戶端設定」分類中的文章。
      `,
      en: md`
        ## When to reset

        If you suspect someone else uses your link (too many devices online, traffic going fast) or you sent it to someone by mistake, click **Reset link** on the [Subscription link](/subscription/link) page.

        ## After the reset

        - The old link **stops working at once**: clients report 404 or "download failed" when they update, although connections already open may last a little longer.
        - The subscription itself, its end date and its remaining traffic do not change.

        ## Import again on every device

        1. Copy the new link on the [Subscription link](/subscription/link) page (or scan the new QR code).
        2. In the client **delete the old subscription** (or edit it and replace the URL with the new link).
        3. Import the new link, **update the subscription**, pick a node and connect.

        The articles in the "Client setup" category show where each client keeps its subscriptions.
      `,
    },
  },
  {
    slug: 'vmess-clock-sync',
    category: 'troubleshooting',
    platform: null,
    title: {
      zh_CN: 'VMess 连不上：校准设备时间',
      zh_TW: 'VMess 連不上：校正裝置時間',
      en: 'VMess does not connect: fix the device clock',
    },
    summary: {
      zh_CN: 'VMess 要求设备时间误差在 90 秒以内，开启各系统的自动对时即可解决。',
      zh_TW: 'VMess 要求裝置時間誤差在 90 秒以內，開啟各系統的自動校時即可解決。',
      en: 'VMess needs your clock within 90 seconds of the real time; turn on automatic time on your system.',
    },
    content: {
      zh_CN: md`
        VMess 协议会校验请求中的时间：设备时间与标准时间相差超过 **90 秒**，服务器就会拒绝连接。症状是 VMess 节点全部超时，而 VLESS、Trojan 节点正常。时区不影响，只要换算后的时间准确即可。

        ## 开启自动对时

        - **Windows**：设置 → 时间和语言 → 日期和时间，打开“自动设置时间”，再点击 **立即同步**。
        - **macOS**：系统设置 → 通用 → 日期与时间，打开“自动设置时间和日期”。
        - **iOS**：设置 → 通用 → 日期与时间，打开“自动设置”。
        - **Android**：设置 → 系统 → 日期和时间，打开“自动确定日期和时间”（不同品牌位置略有差异）。
        - **Linux**：执行 \`timedatectl set-ntp true\`，再用 \`timedatectl\` 确认 “System clock synchronized: yes”。

        校准后重新连接即可。若仍不行，请参考《无法连接怎么办》继续排查。
      `,
      zh_TW: md`
        VMess 協定會檢查請求中的時間：裝置時間與標準時間相差超過 **90 秒**，伺服器就會拒絕連線。症狀是 VMess 節點全部逾時，而 VLESS、Trojan 節點正常。時區不影響，只要換算後的時間正確即可。

        ## 開啟自動校時

        - **Windows**：設定 → 時間與語言 → 日期和時間，開啟「自動設定時間」，再點擊 **立即同步**。
        - **macOS**：系統設定 → 一般 → 日期與時間，開啟「自動設定時間與日期」。
        - **iOS**：設定 → 一般 → 日期與時間，開啟「自動設定」。
        - **Android**：設定 → 系統 → 日期和時間，開啟「自動設定日期和時間」（不同品牌位置略有差異）。
        - **Linux**：執行 \`timedatectl set-ntp true\`，再用 \`timedatectl\` 確認「System clock synchronized: yes」。

        校正後重新連線即可。若仍不行，請參考〈無法連線怎麼辦〉繼續排查。
      `,
      en: md`
        VMess checks the time in every request: if your device's clock is more than **90 seconds** away from the real time, the server refuses the connection. The typical sign is that every VMess node times out while VLESS and Trojan nodes work. The time zone does not matter, only the actual time.

        ## Turn on automatic time

        - **Windows**: Settings → Time & language → Date & time, turn on "Set time automatically", then click **Sync now**.
        - **macOS**: System Settings → General → Date & Time, turn on "Set time and date automatically".
        - **iOS**: Settings → General → Date & Time, turn on "Set Automatically".
        - **Android**: Settings → System → Date & time, turn on "Set time automatically" (the place differs a little between brands).
        - **Linux**: run \`timedatectl set-ntp true\` and check that \`timedatectl\` says "System clock synchronized: yes".

        Connect again once the clock is right. If it still fails, continue with "What to do when nothing connects".
      `,
    },
  },
  {
    slug: 'choose-a-node',
    category: 'troubleshooting',
    platform: null,
    title: {
      zh_CN: '速度慢或不稳定：如何选择节点',
      zh_TW: '速度慢或不穩定：如何選擇節點',
      en: 'Slow or unstable: choosing a node',
    },
    summary: {
      zh_CN: '用节点中心的状态、负载和延迟挑选节点，并了解流量倍率。',
      zh_TW: '用節點中心的狀態、負載和延遲挑選節點，並了解流量倍率。',
      en: "Use the node centre's status, load and latency to pick a node, and know what the traffic rate means.",
    },
    content: {
      zh_CN: md`
        ## 看懂节点中心

        [节点中心](/nodes) 会实时显示每个节点的情况：

        - **状态**：只有 **在线** 的节点可以使用；**维护中** 的节点会在维护结束后自动恢复；**离线** 表示节点暂时失联。
        - **负载**：节点当前的繁忙程度，越低越好。晚高峰时优先选择 60% 以下的节点。
        - **延迟**：门户服务器到节点的连接时间，仅供参考；您所在网络到节点的实际延迟请以客户端测速为准。
        - **倍率**：例如 1.5x 表示使用 1 GB 流量按 1.5 GB 计算，高倍率节点通常线路更好。

        ## 选择建议

        1. 优先选择离您近的地区（如香港、日本、新加坡），延迟更低。
        2. 在客户端中测速（例如 v2rayN 的 Ctrl + R、v2rayNG 的“测试全部配置真连接”），选延迟低且稳定的节点。
        3. 使用 Clash 系客户端时选择 **Auto** 分组，它会每隔几分钟自动切换到最快的节点。
        4. 看视频卡顿时，换到负载更低的节点，或换一个地区试试。
      `,
      zh_TW: md`
        ## 看懂節點中心

        [節點中心](/nodes) 會即時顯示每個節點的狀況：

        - **狀態**：只有 **在線** 的節點可以使用；**維護中** 的節點會在維護結束後自動恢復；**離線** 表示節點暫時失聯。
        - **負載**：節點目前的繁忙程度，越低越好。晚間尖峰時段優先選擇 60% 以下的節點。
        - **延遲**：入口網站伺服器到節點的連線時間，僅供參考；您所在網路到節點的實際延遲請以用戶端測速為準。
        - **倍率**：例如 1.5x 表示使用 1 GB 流量按 1.5 GB 計算，高倍率節點通常線路較好。

        ## 選擇建議

        1. 優先選擇離您近的地區（如香港、日本、新加坡），延遲更低。
        2. 在用戶端中測速（例如 v2rayN 的 Ctrl + R、v2rayNG 的「測試全部設定真連線」），選延遲低且穩定的節點。
        3. 使用 Clash 系用戶端時選擇 **Auto** 群組，它會每隔幾分鐘自動切換到最快的節點。
        4. 看影片卡頓時，換到負載較低的節點，或換一個地區試試。
      `,
      en: md`
        ## Reading the node centre

        The [Node centre](/nodes) shows each node live:

        - **Status**: only **Online** nodes can be used; nodes in **Maintenance** come back when the work is done; **Offline** means the node is unreachable for now.
        - **Load**: how busy the node is right now; lower is better. In the evening peak, prefer nodes under 60%.
        - **Latency**: the time from the portal's server to the node, a rough guide only; your own delay is what your client's speed test shows.
        - **Rate**: 1.5x means 1 GB you use counts as 1.5 GB; higher-rate nodes usually have better routes.

        ## How to choose

        1. Prefer regions near you (Hong Kong, Japan, Singapore for East Asia) for lower delay.
        2. Test in your client (Ctrl + R in v2rayN, "Real delay all configuration" in v2rayNG) and pick a node that is fast and steady.
        3. In Clash-based clients choose the **Auto** group: it switches to the fastest node every few minutes.
        4. If video stutters, move to a less loaded node or another region.
      `,
    },
  },
];
