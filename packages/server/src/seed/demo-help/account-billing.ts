import { md, type DemoHelpDocument } from './types.js';

export const ACCOUNT_BILLING: DemoHelpDocument[] = [
  {
    slug: 'top-up-with-usdt',
    category: 'account-billing',
    platform: null,
    title: { zh_CN: '使用 USDT 充值', zh_TW: '使用 USDT 儲值', en: 'Topping up with USDT' },
    summary: {
      zh_CN: '选择网络、按精确金额转账、等待区块确认，15 分钟内完成支付，不收手续费。',
      zh_TW: '選擇網路、依精確金額轉帳、等待區塊確認，15 分鐘內完成付款，不收手續費。',
      en: 'Choose a network, send the exact amount within 15 minutes and wait for confirmations; no fee.',
    },
    content: {
      zh_CN: md`
        ## 步骤

        1. 打开 [账户充值](/recharge)，选择 **USDT 充值**。
        2. 选择网络（页面只列出已开通的网络）：**TRC20**（波场，手续费低）、**ERC20**（以太坊）或 **BEP20**（BNB 智能链），输入充值数量，页面会显示预计到账的人民币金额和当前汇率。
        3. 点击 **创建订单**，页面会显示收款地址、二维码和**精确的转账金额**（可能带有几位小数，用来识别您的订单）。
        4. 在钱包或交易所提现页面，选择**同一网络**，向收款地址转账页面显示的金额。

        ## 需要注意

        - **金额必须完全一致**，包括小数部分；金额不一致将无法自动到账。
        - **网络必须一致**：在 TRC20 订单里用 ERC20 转账，资金无法到账。
        - 请在 **15 分钟** 内完成转账，超时订单会自动关闭，请勿再向已关闭的订单转账。
        - 付款后会显示“已收到付款，正在等待区块确认”，达到所需确认数后余额自动增加，通常 5 到 30 分钟。
        - 我们不收取充值手续费；钱包或交易所收取的网络手续费由您承担，请确保**到账金额**等于订单金额。

        ## 转账了但没有到账？

        在 [充值记录](/recharge/history) 中查看订单状态。如果订单已超时但您确实转了账，请 [提交工单](/support) 并附上 **交易哈希（TxID）**，我们会人工核对。
      `,
      zh_TW: md`
        ## 步驟

        1. 開啟 [帳戶儲值](/recharge)，選擇 **USDT 儲值**。
        2. 選擇網路（頁面只列出已開通的網路）：**TRC20**（波場，手續費低）、**ERC20**（以太坊）或 **BEP20**（BNB 智慧鏈），輸入儲值數量，頁面會顯示預計入帳的人民幣金額和目前匯率。
        3. 點擊 **建立訂單**，頁面會顯示收款地址、QR Code 和**精確的轉帳金額**（可能帶有幾位小數，用來辨識您的訂單）。
        4. 在錢包或交易所提領頁面，選擇**同一網路**，向收款地址轉帳頁面顯示的金額。

        ## 注意事項

        - **金額必須完全一致**，包括小數部分；金額不一致將無法自動入帳。
        - **網路必須一致**：在 TRC20 訂單裡用 ERC20 轉帳，資金無法入帳。
        - 請在 **15 分鐘** 內完成轉帳，逾時訂單會自動關閉，請勿再向已關閉的訂單轉帳。
        - 付款後會顯示「已收到付款，正在等待區塊確認」，達到所需確認數後餘額自動增加，通常 5 到 30 分鐘。
        - 我們不收取儲值手續費；錢包或交易所收取的網路手續費由您負擔，請確保**到帳金額**等於訂單金額。

        ## 轉帳了但沒有入帳？

        在 [儲值紀錄](/recharge/history) 中查看訂單狀態。如果訂單已逾時但您確實轉了帳，請 [提交工單](/support) 並附上 **交易雜湊（TxID）**，我們會人工核對。
      `,
      en: md`
        ## Steps

        1. Open [Top up](/recharge) and choose **USDT**.
        2. Choose a network (the page lists only those that are open): **TRC20** (Tron, low fees), **ERC20** (Ethereum) or **BEP20** (BNB Smart Chain), and enter the amount. The page shows what will be credited in CNY at the current rate.
        3. Click **Create order**. The page shows the receiving address, a QR code and the **exact amount** to send (it may have a few decimals that identify your order).
        4. In your wallet or exchange, withdraw on **the same network** to that address, sending exactly that amount.

        ## Mind these

        - **The amount must match exactly**, decimals included; a different amount cannot be credited automatically.
        - **The network must match**: ERC20 funds sent for a TRC20 order do not arrive.
        - Pay within **15 minutes**. Orders that time out are closed; never send to a closed order.
        - Once paid, the page says the payment was received and waits for block confirmations; your balance goes up by itself when enough have come in, usually within 5 to 30 minutes.
        - We charge no top-up fee. Network fees taken by your wallet or exchange are yours to pay: make sure the **amount that arrives** equals the order amount.

        ## Paid but not credited?

        Check the order under [Top-up history](/recharge/history). If it timed out although you did pay, [open a ticket](/support) with the **transaction hash (TxID)** and we will check it by hand.
      `,
    },
  },
  {
    slug: 'top-up-codes',
    category: 'account-billing',
    platform: null,
    title: {
      zh_CN: '充值码：兑换、购买与生成',
      zh_TW: '儲值碼：兌換、購買與產生',
      en: 'Top-up codes: redeem, buy and generate',
    },
    summary: {
      zh_CN: '输入 RC- 开头的 70 位充值码立即到账；充值码可向经销商购买，也可以用余额生成后转赠。',
      zh_TW: '輸入 RC- 開頭的 70 位儲值碼立即入帳；儲值碼可向經銷商購買，也可以用餘額產生後轉贈。',
      en: 'A 70-character RC- code is credited at once; buy codes from dealers or generate them from your balance.',
    },
    content: {
      zh_CN: md`
        ## 兑换充值码

        1. 打开 [账户充值](/recharge)，选择 **充值码充值**。
        2. 粘贴充值码：以 \`RC-\` 开头，共 **70 个字符**，不区分大小写。
        3. 点击兑换，面值立即存入余额。

        每个充值码只能使用一次，永久有效。短时间内多次输入错误的充值码会被暂时限制兑换，请复制粘贴，不要手动输入。

        ## 购买充值码

        不方便使用 USDT 时，可以向 [经销商](/dealer) 购买充值码，页面列出了各经销商支持的付款方式。

        ## 生成充值码（转赠他人）

        在 [充值码管理](/recharge/codes) 中可以用自己的余额生成充值码，例如为家人或同事付费：

        1. 填写数量（每批 1 到 100 个）和面值。
        2. 确认后，**数量 × 面值** 会从余额中一次性扣除。
        3. 在列表中复制或导出 CSV，把充值码发给对方。

        您可以在列表中看到每个充值码是否已被使用、使用时间。请注意：用充值码充值的金额**不支持退款**。
      `,
      zh_TW: md`
        ## 兌換儲值碼

        1. 開啟 [帳戶儲值](/recharge)，選擇 **儲值碼儲值**。
        2. 貼上儲值碼：以 \`RC-\` 開頭，共 **70 個字元**，不區分大小寫。
        3. 點擊兌換，面額立即存入餘額。

        每個儲值碼只能使用一次，永久有效。短時間內多次輸入錯誤的儲值碼會被暫時限制兌換，請複製貼上，不要手動輸入。

        ## 購買儲值碼

        不方便使用 USDT 時，可以向 [經銷商](/dealer) 購買儲值碼，頁面列出了各經銷商支援的付款方式。

        ## 產生儲值碼（轉贈他人）

        在 [儲值碼管理](/recharge/codes) 中可以用自己的餘額產生儲值碼，例如替家人或同事付費：

        1. 填寫數量（每批 1 到 100 個）和面額。
        2. 確認後，**數量 × 面額** 會從餘額中一次扣除。
        3. 在清單中複製或匯出 CSV，把儲值碼傳給對方。

        您可以在清單中看到每個儲值碼是否已被使用、使用時間。請注意：用儲值碼儲值的金額**不支援退款**。
      `,
      en: md`
        ## Redeem a code

        1. Open [Top up](/recharge) and choose **Top-up code**.
        2. Paste the code: it starts with \`RC-\` and has **70 characters** in all (case does not matter).
        3. Redeem it; the amount goes to your balance at once.

        Each code works once and never expires. Several wrong codes in a short time pause redemption for a while, so paste codes instead of typing them.

        ## Buy codes

        If USDT is not convenient, buy codes from a [dealer](/dealer); the page lists how each one takes payment.

        ## Generate codes (to give away)

        Under [Top-up codes](/recharge/codes) you can turn your own balance into codes, for example to pay for family or colleagues:

        1. Enter the quantity (1 to 100 per batch) and the face value.
        2. When you confirm, **quantity × face value** is taken from your balance in one go.
        3. Copy the codes or export them as CSV and pass them on.

        The list shows whether each code was used and when. Note that amounts topped up with codes **cannot be refunded**.
      `,
    },
  },
  {
    slug: 'refund-policy',
    category: 'account-billing',
    platform: null,
    title: { zh_CN: '退款规则', zh_TW: '退款規則', en: 'Refunds' },
    summary: {
      zh_CN: '购买后 7 天内且未使用流量可全额退款，已使用部分按比例退款；充值码金额不退。',
      zh_TW: '購買後 7 天內且未使用流量可全額退款，已使用部分按比例退款；儲值碼金額不退。',
      en: 'Within 7 days: a full refund with no traffic used, a proportional one if partly used; code amounts excluded.',
    },
    content: {
      zh_CN: md`
        依据《服务条款》，退款规则如下：

        - **7 天内、未使用流量**：购买套餐后 7 天内申请，且该订阅没有产生流量，可全额退款。
        - **7 天内、已使用部分流量**：按未使用的比例退款。
        - **超过 7 天**：不予退款。
        - **不退款的情况**：通过充值码充值的金额，以及因违反服务条款（例如 P2P 下载、转售）被封禁的账户。

        ## 如何申请

        1. [提交工单](/support)，分类选择“账单”相关，标题写明“申请退款”。
        2. 在描述中写明订单号（可在 [订阅历史](/subscription/history) 中找到）和退款原因。
        3. 客服核对后会在工单中回复处理结果，退款按原支付方式或退回账户余额。
      `,
      zh_TW: md`
        依據《服務條款》，退款規則如下：

        - **7 天內、未使用流量**：購買方案後 7 天內申請，且該訂閱沒有產生流量，可全額退款。
        - **7 天內、已使用部分流量**：按未使用的比例退款。
        - **超過 7 天**：不予退款。
        - **不退款的情況**：透過儲值碼儲值的金額，以及因違反服務條款（例如 P2P 下載、轉售）被停權的帳戶。

        ## 如何申請

        1. [提交工單](/support)，分類選擇「帳單」相關，標題寫明「申請退款」。
        2. 在描述中寫明訂單編號（可在 [訂閱歷史](/subscription/history) 中找到）和退款原因。
        3. 客服核對後會在工單中回覆處理結果，退款依原付款方式或退回帳戶餘額。
      `,
      en: md`
        Under the Terms of Service, refunds work like this:

        - **Within 7 days, no traffic used**: ask within 7 days of buying a package and, if the subscription has used no traffic, you get a full refund.
        - **Within 7 days, some traffic used**: you get the unused share back.
        - **After 7 days**: no refund.
        - **Never refunded**: amounts topped up with top-up codes, and accounts banned for breaking the Terms (P2P downloading, reselling).

        ## How to ask

        1. [Open a ticket](/support) in the billing category with "Refund request" in the title.
        2. Give the order number (see [Subscription history](/subscription/history)) and the reason.
        3. Support checks it and answers in the ticket; the refund goes back the way you paid or to your balance.
      `,
    },
  },
  {
    slug: 'renew-upgrade-auto-renew',
    category: 'account-billing',
    platform: null,
    title: {
      zh_CN: '续费、升级与自动续费',
      zh_TW: '續費、升級與自動續訂',
      en: 'Renewing, upgrading and auto-renew',
    },
    summary: {
      zh_CN: '续费延长一个周期并重置流量，升级按剩余价值抵扣，自动续费在到期前一天内扣款。',
      zh_TW: '續費延長一個週期並重設流量，升級依剩餘價值抵扣，自動續訂在到期前一天內扣款。',
      en: 'Renewing adds a period and resets traffic, upgrading credits what is left, auto-renew pays a day ahead.',
    },
    content: {
      zh_CN: md`
        以下操作都在 [订阅管理](/subscription) 中进行，费用从余额扣除；余额不足时请先 [充值](/recharge)。

        ## 续费

        - 续费会在“当前到期时间”和“现在”中较晚的那个时间上 **增加一个周期**（月付一个月、季付三个月、年付一年）。
        - 续费后 **流量重新开始计算**。
        - 已过期的订阅续费后从现在起重新生效。已下架的套餐无法续费，请购买其他套餐或升级。

        ## 升级

        1. 在订阅上点击 **升级**，选择新套餐。
        2. 系统先显示预览：剩余价值 = min（剩余时间的价值，剩余流量的价值），应付金额 = 新套餐价格 − 剩余价值。
        3. 预览 5 分钟内有效，确认后按预览金额扣款。

        升级后订阅链接和 UUID 都不变，客户端更新一次订阅即可。

        ## 自动续费

        打开订阅卡片上的 **自动续费** 开关后，系统会在到期前一天内自动从余额扣费续订一个周期；每个周期只扣一次。余额不足或套餐已下架时不会扣费，并会发邮件通知您。
      `,
      zh_TW: md`
        以下操作都在 [訂閱管理](/subscription) 中進行，費用從餘額扣除；餘額不足時請先 [儲值](/recharge)。

        ## 續費

        - 續費會在「目前到期時間」和「現在」中較晚的時間上 **增加一個週期**（月繳一個月、季繳三個月、年繳一年）。
        - 續費後 **流量重新開始計算**。
        - 已過期的訂閱續費後從現在起重新生效。已下架的方案無法續費，請購買其他方案或升級。

        ## 升級

        1. 在訂閱上點擊 **升級**，選擇新方案。
        2. 系統先顯示預覽：剩餘價值 = min（剩餘時間的價值，剩餘流量的價值），應付金額 = 新方案價格 − 剩餘價值。
        3. 預覽 5 分鐘內有效，確認後依預覽金額扣款。

        升級後訂閱連結和 UUID 都不變，用戶端更新一次訂閱即可。

        ## 自動續訂

        開啟訂閱卡片上的 **自動續訂** 開關後，系統會在到期前一天內自動從餘額扣款續訂一個週期；每個週期只扣一次。餘額不足或方案已下架時不會扣款，並會寄信通知您。
      `,
      en: md`
        All of this happens under [Subscriptions](/subscription) and is paid from your balance; [top up](/recharge) first if it is short.

        ## Renewing

        - A renewal **adds one period** (a month, a quarter or a year, by package) to whichever is later: the current end date or now.
        - After renewing, **traffic starts again from zero**.
        - An expired subscription starts again from now. Packages no longer on sale cannot be renewed: buy another package or upgrade.

        ## Upgrading

        1. Click **Upgrade** on the subscription and choose the new package.
        2. A preview comes first: credit = min(value of the remaining time, value of the remaining traffic), amount due = new price − credit.
        3. The preview holds for 5 minutes; confirming pays exactly that amount.

        The subscription link and UUID stay the same after an upgrade; update the subscription in your client once.

        ## Auto-renew

        With **Auto-renew** on, the subscription is renewed for one period from your balance within the last day before it ends, once per period. If the balance is short or the package is no longer on sale nothing is charged, and you get an email about it.
      `,
    },
  },
];
