/**
 * The full legal texts of product rules §1.1 (version v1.0, effective 2025-01-01): terms of service and privacy
 * policy in zh_CN, zh_TW and en. They are long, so they are not part of the always-loaded messages: the legal
 * document component loads this module on demand (its own chunk). The three languages have the same sections in
 * the same order (legal.test.ts checks it).
 */

/** One numbered section: paragraphs, and lists where an entry is an array. */
export interface LegalSection {
  id: string;
  title: string;
  body: readonly (string | readonly string[])[];
}

export interface LegalDocumentText {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

export interface LegalTexts {
  terms: LegalDocumentText;
  privacy: LegalDocumentText;
}

export const legalZhCN: LegalTexts = {
  terms: {
    title: '服务条款',
    intro:
      '欢迎使用 Proxy Portal（以下简称“本服务”）。本条款是您与本服务运营方之间关于使用本服务的协议，请在注册前仔细阅读。',
    sections: [
      {
        id: 'acceptance',
        title: '接受条款',
        body: [
          '注册账户、充值、购买套餐或以其他方式使用本服务，即表示您已阅读、理解并同意本条款以及《隐私政策》。',
          '如果您不同意本条款的任何内容，请不要注册或使用本服务。',
        ],
      },
      {
        id: 'service',
        title: '服务说明',
        body: [
          '本服务提供基于 VMess、VLESS、Trojan 和 Shadowsocks 协议的网络加速订阅。您购买套餐后获得一个订阅链接，可导入兼容的客户端，在套餐的有效期、流量和设备数量范围内使用我们的节点。',
          '各套餐的价格、周期、流量和设备数量以购买页面显示的内容为准。',
        ],
      },
      {
        id: 'eligibility',
        title: '使用资格',
        body: [
          [
            '本服务仅面向年满 18 周岁的用户。注册即表示您确认已年满 18 周岁。',
            '每位用户只能注册并使用一个账户，不得以批量注册、借用他人身份等方式持有多个账户。',
            '您有责任确保在您所在的国家或地区使用本服务是合法的。',
          ],
        ],
      },
      {
        id: 'account',
        title: '账户与安全',
        body: [
          [
            '注册时请提供真实有效的电子邮箱，并完成邮箱验证；未验证的账户不能充值和购买套餐。',
            '请妥善保管密码和订阅链接，不要与他人共享。订阅链接泄露时，请立即在控制台重置。',
            '通过您的账户进行的所有操作都视为您本人的操作。发现账户被盗用时，请立即修改密码并联系我们。',
          ],
        ],
      },
      {
        id: 'payment',
        title: '付款',
        body: [
          '本服务采用账户余额付款：先为账户充值，再用余额购买、续费或升级套餐。价格以人民币（¥）标示。',
          [
            'USDT 充值：支持充值页列出的网络（如 TRC20、ERC20），请按订单显示的准确金额、在有效时间内转账到订单地址；区块链确认后余额自动到账。',
            '充值码：可向授权经销商购买充值码并在控制台兑换，每个充值码只能使用一次。',
            '因转错网络、转错地址或金额不符造成的损失，我们会尽力协助核查，但无法保证追回。',
          ],
        ],
      },
      {
        id: 'refunds',
        title: '退款',
        body: [
          [
            '购买套餐后 7 天内申请，且该订阅没有使用任何流量的，可全额退款。',
            '购买后 7 天内申请，且已使用部分流量的，按未使用流量的比例退款。',
            '超过 7 天的申请不予退款。',
            '通过充值码充值的金额不予退款；因违反本条款而被封禁的账户不予退款。',
          ],
          '申请退款请提交工单并注明订单号。退款将退回账户余额，或经核实后按原付款方式退回。',
        ],
      },
      {
        id: 'traffic',
        title: '流量与设备',
        body: [
          [
            '每个套餐都有流量上限（无限流量套餐除外）和同时在线设备数量上限。',
            '流量超出套餐上限时，服务将被暂停，直到续费、升级或进入下一个周期。',
            '续费会延长一个周期并重置流量；升级时按原套餐的剩余价值抵扣。',
          ],
        ],
      },
      {
        id: 'acceptable-use',
        title: '可接受的使用',
        body: [
          '使用本服务时，您不得：',
          [
            '进行 P2P 下载（包括 BitTorrent、电驴等文件共享）；',
            '转售、出租或以其他方式向第三方提供本服务或您的订阅链接；',
            '从事违反适用法律的活动，包括传播恶意软件、侵犯他人权利的内容；',
            '发送垃圾邮件、进行端口扫描、网络攻击，或以其他方式干扰本服务及他人网络；',
            '尝试绕过流量、设备或其他技术限制。',
          ],
          '违反以上规定的，我们可以暂停或封禁账户，且不予退款。',
        ],
      },
      {
        id: 'availability',
        title: '服务可用性',
        body: [
          '我们全天候监控节点，力求保持高可用性，但不保证服务永不中断。节点维护、线路故障、第三方网络限制或不可抗力都可能影响服务。',
          '计划内的维护会尽可能提前通过公告通知。我们可能根据运营需要增加、调整或下线节点。',
        ],
      },
      {
        id: 'termination',
        title: '暂停与终止',
        body: [
          '您可以随时停止使用本服务。违反本条款（例如多账户、P2P 下载、转售）的，我们可以暂停或终止您的账户和订阅；情节严重的将直接封禁。',
          '账户终止后，未使用的余额和订阅按本条款的退款规则处理；被封禁的账户不予退款。',
        ],
      },
      {
        id: 'liability',
        title: '免责与责任限制',
        body: [
          '本服务按“现状”提供。在法律允许的最大范围内，我们不对间接损失、利润损失或数据损失承担责任。',
          '我们对任何一项索赔承担的责任总额，不超过您在索赔发生前 3 个月内为相关订阅支付的金额。',
        ],
      },
      {
        id: 'changes',
        title: '条款变更',
        body: [
          '我们可能修改本条款。修改后的条款会在本页面发布并注明版本和生效日期；重大变更会提前通过公告和电子邮件通知。',
          '变更生效后继续使用本服务，即表示您接受修改后的条款。',
        ],
      },
      {
        id: 'contact',
        title: '联系我们',
        body: [
          '对本条款有任何疑问，请在控制台提交工单或发送电子邮件联系我们。我们提供 7×24 小时工单支持，电子邮件会在 24 小时内回复。',
        ],
      },
    ],
  },
  privacy: {
    title: '隐私政策',
    intro:
      '我们重视您的隐私。本政策说明 Proxy Portal（以下简称“本服务”）收集哪些信息、为什么收集、保存多久，以及您拥有的权利。',
    sections: [
      {
        id: 'scope',
        title: '适用范围',
        body: [
          '本政策适用于本服务的网站、控制台、订阅链接和节点。使用本服务即表示您同意按本政策处理您的信息。',
        ],
      },
      {
        id: 'no-log',
        title: '无日志政策',
        body: [
          '我们不记录您访问的网站、传输的内容、DNS 查询或浏览历史。',
          '为防止滥用和排查故障，节点仅保留连接日志（连接时间、所用节点和来源 IP 地址），保存 24 小时后自动删除。',
        ],
      },
      {
        id: 'collected',
        title: '我们收集的信息',
        body: [
          [
            '账户信息：电子邮箱、昵称、密码哈希（不保存明文密码），以及您使用第三方登录（如 Google、GitHub，本站开启时）时该账户的标识。',
            '交易信息：充值订单、充值码的生成与使用、套餐订单、余额变动，以及 USDT 付款的区块链交易哈希和地址。',
            '使用信息：每个订阅的已用流量、在线设备数量和订阅链接的获取次数。',
            '会话信息：登录会话的设备、大致位置和最近活动时间。',
            '支持信息：您在工单中提交的内容和附件。',
          ],
        ],
      },
      {
        id: 'purposes',
        title: '使用目的',
        body: [
          [
            '提供、维护和计费服务：开通订阅、统计流量、处理付款和退款；',
            '保护账户和服务安全：验证登录、发现盗用和滥用；',
            '与您沟通：发送验证邮件、到期和续费提醒、服务公告以及工单回复；',
            '遵守法律义务。',
          ],
          '我们不会将您的信息用于广告，也不会出售您的信息。',
        ],
      },
      {
        id: 'retention',
        title: '保存期限',
        body: [
          [
            '连接日志：24 小时；',
            '账户信息：账户存续期间，以及账户注销后 90 天；',
            '交易记录：3 年；',
            '工单记录：1 年。',
          ],
          '期限届满后，信息会被删除或匿名化处理。',
        ],
      },
      {
        id: 'cookies',
        title: 'Cookie 与本地存储',
        body: [
          '我们不使用广告或跟踪 Cookie。网站在您的浏览器本地存储中保存登录凭证、主题和语言偏好；第三方登录过程中会在会话存储中临时保存安全校验参数。退出登录会清除登录凭证。',
        ],
      },
      {
        id: 'sharing',
        title: '信息共享',
        body: [
          '我们只在以下情况下共享必要的信息：',
          [
            '为提供服务所需的服务商，例如电子邮件发送服务，它们只能按我们的指示处理信息；',
            '区块链付款本身在公链上公开，我们无法控制链上数据；',
            '法律要求时，我们会依法审查请求，并只提供确有必要的最少信息。由于无日志政策，我们无法提供您的浏览记录。',
          ],
        ],
      },
      {
        id: 'security',
        title: '信息安全',
        body: [
          '密码使用 argon2id 哈希保存，网站和 API 通过加密连接访问，令牌可随时吊销，内部访问按最小权限控制。但任何系统都无法做到绝对安全，请妥善保管您的密码和订阅链接。',
        ],
      },
      {
        id: 'rights',
        title: '您的权利',
        body: [
          '您可以查询、更正、导出或删除您的个人信息，也可以撤回同意或注销账户。请通过工单或电子邮件提交请求，我们会在 15 个工作日内答复。法律要求保留的信息（例如交易记录）将在保存期限届满后删除。',
        ],
      },
      {
        id: 'minors',
        title: '未成年人',
        body: ['本服务仅面向年满 18 周岁的用户，我们不会有意收集未成年人的信息。'],
      },
      {
        id: 'changes',
        title: '政策变更',
        body: [
          '我们可能更新本政策。重大变更会提前 30 天通过公告和电子邮件通知；更新后的政策在本页面发布并注明版本和生效日期。',
        ],
      },
      {
        id: 'contact',
        title: '联系我们',
        body: [
          '对本政策或您的个人信息有任何疑问，请在控制台提交工单或发送电子邮件联系我们，电子邮件会在 24 小时内回复。',
        ],
      },
    ],
  },
};

export const legalZhTW: LegalTexts = {
  terms: {
    title: '服務條款',
    intro:
      '歡迎使用 Proxy Portal（以下簡稱「本服務」）。本條款是您與本服務營運方之間關於使用本服務的協議，請在註冊前仔細閱讀。',
    sections: [
      {
        id: 'acceptance',
        title: '接受條款',
        body: [
          '註冊帳戶、儲值、購買方案或以其他方式使用本服務，即表示您已閱讀、理解並同意本條款以及《隱私權政策》。',
          '如果您不同意本條款的任何內容，請不要註冊或使用本服務。',
        ],
      },
      {
        id: 'service',
        title: '服務說明',
        body: [
          '本服務提供以 VMess、VLESS、Trojan 和 Shadowsocks 協定為基礎的網路加速訂閱。您購買方案後會取得一個訂閱連結，可匯入相容的用戶端，在方案的有效期、流量和裝置數量範圍內使用我們的節點。',
          '各方案的價格、週期、流量和裝置數量以購買頁面顯示的內容為準。',
        ],
      },
      {
        id: 'eligibility',
        title: '使用資格',
        body: [
          [
            '本服務僅提供給年滿 18 歲的使用者。註冊即表示您確認已年滿 18 歲。',
            '每位使用者只能註冊並使用一個帳戶，不得以大量註冊、冒用他人身分等方式持有多個帳戶。',
            '您有責任確認在您所在的國家或地區使用本服務是合法的。',
          ],
        ],
      },
      {
        id: 'account',
        title: '帳戶與安全',
        body: [
          [
            '註冊時請提供真實有效的電子郵件地址並完成驗證；未驗證的帳戶無法儲值和購買方案。',
            '請妥善保管密碼和訂閱連結，不要與他人共用。訂閱連結外洩時，請立即在控制台重設。',
            '透過您的帳戶進行的所有操作均視為您本人的操作。發現帳戶遭盜用時，請立即變更密碼並與我們聯絡。',
          ],
        ],
      },
      {
        id: 'payment',
        title: '付款',
        body: [
          '本服務採用帳戶餘額付款：先為帳戶儲值，再以餘額購買、續費或升級方案。價格以人民幣（¥）標示。',
          [
            'USDT 儲值：支援儲值頁列出的網路（如 TRC20、ERC20），請依訂單顯示的準確金額、在有效時間內轉帳到訂單地址；區塊鏈確認後餘額自動入帳。',
            '儲值碼：可向授權經銷商購買儲值碼並在控制台兌換，每組儲值碼只能使用一次。',
            '因轉錯網路、轉錯地址或金額不符造成的損失，我們會盡力協助查核，但無法保證追回。',
          ],
        ],
      },
      {
        id: 'refunds',
        title: '退款',
        body: [
          [
            '購買方案後 7 天內申請，且該訂閱未使用任何流量者，可全額退款。',
            '購買後 7 天內申請，且已使用部分流量者，依未使用流量的比例退款。',
            '超過 7 天的申請不予退款。',
            '以儲值碼儲值的金額不予退款；因違反本條款而遭停權的帳戶不予退款。',
          ],
          '申請退款請提交工單並註明訂單編號。退款將退回帳戶餘額，或經查核後依原付款方式退回。',
        ],
      },
      {
        id: 'traffic',
        title: '流量與裝置',
        body: [
          [
            '每個方案都有流量上限（無限流量方案除外）和同時上線裝置數量上限。',
            '流量超出方案上限時，服務將暫停，直到續費、升級或進入下一個週期。',
            '續費會延長一個週期並重設流量；升級時依原方案的剩餘價值折抵。',
          ],
        ],
      },
      {
        id: 'acceptable-use',
        title: '可接受的使用方式',
        body: [
          '使用本服務時，您不得：',
          [
            '進行 P2P 下載（包括 BitTorrent、電驢等檔案分享）；',
            '轉售、出租或以其他方式向第三方提供本服務或您的訂閱連結；',
            '從事違反適用法律的活動，包括散布惡意軟體、侵害他人權利的內容；',
            '發送垃圾郵件、進行連接埠掃描、網路攻擊，或以其他方式干擾本服務及他人網路；',
            '試圖規避流量、裝置或其他技術限制。',
          ],
          '違反以上規定者，我們可以暫停或停權帳戶，且不予退款。',
        ],
      },
      {
        id: 'availability',
        title: '服務可用性',
        body: [
          '我們全天候監控節點，力求維持高可用性，但不保證服務永不中斷。節點維護、線路故障、第三方網路限制或不可抗力都可能影響服務。',
          '計畫性維護會盡可能提前以公告通知。我們可能依營運需要新增、調整或下線節點。',
        ],
      },
      {
        id: 'termination',
        title: '暫停與終止',
        body: [
          '您可以隨時停止使用本服務。違反本條款（例如多帳戶、P2P 下載、轉售）者，我們可以暫停或終止您的帳戶和訂閱；情節重大者將直接停權。',
          '帳戶終止後，未使用的餘額和訂閱依本條款的退款規則處理；遭停權的帳戶不予退款。',
        ],
      },
      {
        id: 'liability',
        title: '免責與責任限制',
        body: [
          '本服務依「現狀」提供。在法律允許的最大範圍內，我們不對間接損失、利潤損失或資料損失負責。',
          '我們對任何一項求償所負的責任總額，不超過您在求償事由發生前 3 個月內為相關訂閱支付的金額。',
        ],
      },
      {
        id: 'changes',
        title: '條款變更',
        body: [
          '我們可能修改本條款。修改後的條款會在本頁面發布並註明版本和生效日期；重大變更會提前以公告和電子郵件通知。',
          '變更生效後繼續使用本服務，即表示您接受修改後的條款。',
        ],
      },
      {
        id: 'contact',
        title: '聯絡我們',
        body: [
          '對本條款有任何疑問，請在控制台提交工單或寄送電子郵件與我們聯絡。我們提供 7×24 小時工單支援，電子郵件會在 24 小時內回覆。',
        ],
      },
    ],
  },
  privacy: {
    title: '隱私權政策',
    intro:
      '我們重視您的隱私。本政策說明 Proxy Portal（以下簡稱「本服務」）蒐集哪些資料、為什麼蒐集、保存多久，以及您擁有的權利。',
    sections: [
      {
        id: 'scope',
        title: '適用範圍',
        body: [
          '本政策適用於本服務的網站、控制台、訂閱連結和節點。使用本服務即表示您同意依本政策處理您的資料。',
        ],
      },
      {
        id: 'no-log',
        title: '無日誌政策',
        body: [
          '我們不記錄您造訪的網站、傳輸的內容、DNS 查詢或瀏覽紀錄。',
          '為防止濫用和排除故障，節點僅保留連線日誌（連線時間、所用節點和來源 IP 位址），保存 24 小時後自動刪除。',
        ],
      },
      {
        id: 'collected',
        title: '我們蒐集的資料',
        body: [
          [
            '帳戶資料：電子郵件地址、暱稱、密碼雜湊值（不保存明文密碼），以及您使用第三方登入（如 Google、GitHub，本站開啟時）時該帳戶的識別碼。',
            '交易資料：儲值訂單、儲值碼的產生與使用、方案訂單、餘額異動，以及 USDT 付款的區塊鏈交易雜湊和地址。',
            '使用資料：每個訂閱的已用流量、上線裝置數量和訂閱連結的取用次數。',
            '工作階段資料：登入工作階段的裝置、大致位置和最近活動時間。',
            '支援資料：您在工單中提交的內容和附件。',
          ],
        ],
      },
      {
        id: 'purposes',
        title: '使用目的',
        body: [
          [
            '提供、維護服務並計費：開通訂閱、統計流量、處理付款和退款；',
            '保護帳戶和服務安全：驗證登入、發現盜用和濫用；',
            '與您溝通：寄送驗證郵件、到期和續費提醒、服務公告以及工單回覆；',
            '遵守法律義務。',
          ],
          '我們不會將您的資料用於廣告，也不會出售您的資料。',
        ],
      },
      {
        id: 'retention',
        title: '保存期限',
        body: [
          [
            '連線日誌：24 小時；',
            '帳戶資料：帳戶存續期間，以及帳戶刪除後 90 天；',
            '交易紀錄：3 年；',
            '工單紀錄：1 年。',
          ],
          '期限屆滿後，資料會被刪除或去識別化處理。',
        ],
      },
      {
        id: 'cookies',
        title: 'Cookie 與本機儲存空間',
        body: [
          '我們不使用廣告或追蹤 Cookie。網站在您瀏覽器的本機儲存空間中保存登入憑證、主題和語言偏好；第三方登入過程中會在工作階段儲存空間中暫存安全驗證參數。登出會清除登入憑證。',
        ],
      },
      {
        id: 'sharing',
        title: '資料分享',
        body: [
          '我們只在以下情況分享必要的資料：',
          [
            '提供服務所需的服務供應商，例如電子郵件寄送服務，它們只能依我們的指示處理資料；',
            '區塊鏈付款本身在公開鏈上公開，我們無法控制鏈上資料；',
            '法律要求時，我們會依法審查請求，並只提供確有必要的最少資料。由於無日誌政策，我們無法提供您的瀏覽紀錄。',
          ],
        ],
      },
      {
        id: 'security',
        title: '資料安全',
        body: [
          '密碼以 argon2id 雜湊保存，網站和 API 透過加密連線存取，權杖可隨時撤銷，內部存取依最小權限控管。但任何系統都無法做到絕對安全，請妥善保管您的密碼和訂閱連結。',
        ],
      },
      {
        id: 'rights',
        title: '您的權利',
        body: [
          '您可以查詢、更正、匯出或刪除您的個人資料，也可以撤回同意或刪除帳戶。請透過工單或電子郵件提出請求，我們會在 15 個工作天內答覆。法律要求保留的資料（例如交易紀錄）將在保存期限屆滿後刪除。',
        ],
      },
      {
        id: 'minors',
        title: '未成年人',
        body: ['本服務僅提供給年滿 18 歲的使用者，我們不會有意蒐集未成年人的資料。'],
      },
      {
        id: 'changes',
        title: '政策變更',
        body: [
          '我們可能更新本政策。重大變更會提前 30 天以公告和電子郵件通知；更新後的政策會在本頁面發布並註明版本和生效日期。',
        ],
      },
      {
        id: 'contact',
        title: '聯絡我們',
        body: [
          '對本政策或您的個人資料有任何疑問，請在控制台提交工單或寄送電子郵件與我們聯絡，電子郵件會在 24 小時內回覆。',
        ],
      },
    ],
  },
};

export const legalEn: LegalTexts = {
  terms: {
    title: 'Terms of service',
    intro:
      'Welcome to Proxy Portal (the "service"). These terms are the agreement between you and the operator of the service about its use. Please read them before you sign up.',
    sections: [
      {
        id: 'acceptance',
        title: 'Acceptance of these terms',
        body: [
          'By creating an account, topping up, buying a package or otherwise using the service, you confirm that you have read, understood and accepted these terms and the Privacy policy.',
          'If you do not agree with any part of these terms, do not sign up for or use the service.',
        ],
      },
      {
        id: 'service',
        title: 'The service',
        body: [
          'The service provides network acceleration subscriptions over the VMess, VLESS, Trojan and Shadowsocks protocols. When you buy a package you receive a subscription link to import into a compatible client and use our nodes within the validity period, traffic and device limits of the package.',
          'The price, period, traffic and device limit of each package are those shown on the purchase page.',
        ],
      },
      {
        id: 'eligibility',
        title: 'Eligibility',
        body: [
          [
            'The service is only for people aged 18 or over. By signing up you confirm that you are at least 18.',
            'One account per person: you may not hold several accounts, whether by bulk sign-ups or by using someone else’s identity.',
            'You are responsible for making sure that using the service is lawful where you live.',
          ],
        ],
      },
      {
        id: 'account',
        title: 'Your account and its security',
        body: [
          [
            'Give a real email address and verify it; an unverified account cannot top up or buy packages.',
            'Keep your password and subscription link to yourself. If the link leaks, reset it in the console at once.',
            'Everything done through your account counts as done by you. If someone else has used your account, change your password and contact us straight away.',
          ],
        ],
      },
      {
        id: 'payment',
        title: 'Payment',
        body: [
          'The service is paid from your account balance: top up the balance first, then buy, renew or upgrade packages from it. Prices are shown in Chinese yuan (¥).',
          [
            'USDT: the networks listed on the Top up page are accepted (such as TRC20 and ERC20). Send the exact amount shown on the order to the order’s address within its time limit; the balance is credited once the blockchain confirms the transfer.',
            'Top-up codes: buy a code from an authorised dealer and redeem it in the console. Each code can be used once.',
            'If a payment is sent on the wrong network, to the wrong address or for the wrong amount, we will help look into it but cannot guarantee to recover it.',
          ],
        ],
      },
      {
        id: 'refunds',
        title: 'Refunds',
        body: [
          [
            'Full refund if you ask within 7 days of buying a package and the subscription has used no traffic.',
            'Proportional refund, for the unused share of the traffic, if you ask within 7 days and part of the traffic was used.',
            'No refund for requests made after 7 days.',
            'No refund for amounts topped up with top-up codes, and none for accounts banned for breaking these terms.',
          ],
          'To ask for a refund, open a ticket with the order number. Refunds go back to your balance or, after checking, the way you paid.',
        ],
      },
      {
        id: 'traffic',
        title: 'Traffic and devices',
        body: [
          [
            'Every package has a traffic limit (except unlimited packages) and a limit on devices online at the same time.',
            'When your traffic goes over the package limit, the service is suspended until you renew, upgrade or the next period starts.',
            'Renewing adds one period and resets the traffic; upgrading credits the remaining value of the current package.',
          ],
        ],
      },
      {
        id: 'acceptable-use',
        title: 'Acceptable use',
        body: [
          'While using the service you must not:',
          [
            'download over P2P networks (BitTorrent, eMule or other file sharing);',
            'resell, rent out or otherwise provide the service or your subscription link to third parties;',
            'do anything unlawful, including spreading malware or content that infringes the rights of others;',
            'send spam, scan ports, attack networks or otherwise disrupt the service or other people’s networks;',
            'try to get around traffic, device or other technical limits.',
          ],
          'If you break these rules we may suspend or ban your account, without a refund.',
        ],
      },
      {
        id: 'availability',
        title: 'Availability',
        body: [
          'We monitor the nodes around the clock and aim for high availability, but we do not promise that the service will never be interrupted. Maintenance, line faults, restrictions by third-party networks or events beyond our control can affect it.',
          'Planned maintenance is announced in advance whenever possible. We may add, change or retire nodes as operations require.',
        ],
      },
      {
        id: 'termination',
        title: 'Suspension and termination',
        body: [
          'You can stop using the service at any time. If you break these terms (for example several accounts, P2P downloading or reselling) we may suspend or close your account and subscriptions; serious cases are banned outright.',
          'When an account is closed, unused balance and subscriptions are handled under the refund rules above; banned accounts get no refund.',
        ],
      },
      {
        id: 'liability',
        title: 'Disclaimer and limitation of liability',
        body: [
          'The service is provided "as is". As far as the law allows, we are not liable for indirect losses, lost profits or lost data.',
          'Our total liability for any claim is limited to what you paid for the subscription concerned in the 3 months before the claim arose.',
        ],
      },
      {
        id: 'changes',
        title: 'Changes to these terms',
        body: [
          'We may change these terms. The new version is published on this page with its version number and effective date; material changes are announced in advance by announcement and email.',
          'If you keep using the service after a change takes effect, you accept the changed terms.',
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        body: [
          'If you have questions about these terms, open a ticket in the console or send us an email. Ticket support is available 24/7 and emails are answered within 24 hours.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy policy',
    intro:
      'Your privacy matters to us. This policy explains what information Proxy Portal (the "service") collects, why, how long it is kept and what rights you have.',
    sections: [
      {
        id: 'scope',
        title: 'Scope',
        body: [
          'This policy covers the service’s website, console, subscription links and nodes. By using the service you agree that your information is handled as described here.',
        ],
      },
      {
        id: 'no-log',
        title: 'No-log policy',
        body: [
          'We do not record the sites you visit, the content you transfer, your DNS queries or your browsing history.',
          'To prevent abuse and troubleshoot faults, the nodes keep connection logs only (connection time, node used and source IP address), deleted automatically after 24 hours.',
        ],
      },
      {
        id: 'collected',
        title: 'What we collect',
        body: [
          [
            'Account data: email address, nickname, password hash (never the password itself) and, when you sign in with a third-party account (such as Google or GitHub, where this site offers it), that account’s identifier.',
            'Transaction data: top-up orders, top-up codes generated and redeemed, package orders, balance changes, and the blockchain transaction hashes and addresses of USDT payments.',
            'Usage data: traffic used per subscription, the number of devices online and how often the subscription link is fetched.',
            'Session data: the device, approximate location and last activity of your sign-in sessions.',
            'Support data: what you write and attach in tickets.',
          ],
        ],
      },
      {
        id: 'purposes',
        title: 'Why we use it',
        body: [
          [
            'to provide, run and bill the service: activate subscriptions, count traffic, process payments and refunds;',
            'to keep accounts and the service secure: check sign-ins, detect account takeover and abuse;',
            'to talk to you: verification emails, expiry and renewal reminders, announcements and ticket replies;',
            'to meet legal obligations.',
          ],
          'We do not use your information for advertising and we never sell it.',
        ],
      },
      {
        id: 'retention',
        title: 'How long we keep it',
        body: [
          [
            'Connection logs: 24 hours.',
            'Account data: for the lifetime of the account plus 90 days after it is closed.',
            'Transaction records: 3 years.',
            'Tickets: 1 year.',
          ],
          'After that, the information is deleted or anonymised.',
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies and local storage',
        body: [
          'We use no advertising or tracking cookies. The website keeps your sign-in tokens and your theme and language choices in your browser’s local storage; during third-party sign-in a security check value is kept in session storage for a moment. Logging out removes the sign-in tokens.',
        ],
      },
      {
        id: 'sharing',
        title: 'Sharing',
        body: [
          'We share only what is necessary, and only:',
          [
            'with providers we need to run the service, such as email delivery, who may process it only on our instructions;',
            'on public blockchains, where USDT payments are public by nature and outside our control;',
            'when the law requires it: we check every request and give only the minimum needed. Because of the no-log policy we have no browsing history to give.',
          ],
        ],
      },
      {
        id: 'security',
        title: 'Security',
        body: [
          'Passwords are stored as argon2id hashes, the website and API are reached over encrypted connections, tokens can be revoked at any time and internal access follows least privilege. No system is perfectly secure, so keep your password and subscription link safe.',
        ],
      },
      {
        id: 'rights',
        title: 'Your rights',
        body: [
          'You can ask to see, correct, export or delete your personal information, withdraw consent or close your account. Send your request through a ticket or by email; we answer within 15 working days. Information the law requires us to keep (such as transaction records) is deleted when its retention period ends.',
        ],
      },
      {
        id: 'minors',
        title: 'Minors',
        body: [
          'The service is only for people aged 18 or over, and we do not knowingly collect information about minors.',
        ],
      },
      {
        id: 'changes',
        title: 'Changes to this policy',
        body: [
          'We may update this policy. Material changes are announced 30 days ahead by announcement and email; the updated policy is published on this page with its version number and effective date.',
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        body: [
          'If you have questions about this policy or your personal information, open a ticket in the console or send us an email; emails are answered within 24 hours.',
        ],
      },
    ],
  },
};
