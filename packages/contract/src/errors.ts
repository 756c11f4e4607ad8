import type { Locale, Localized } from './locales.js';

/**
 * The error catalogue of product rules §8. Every numeric code the API can answer, its HTTP status and its
 * message in the three interface languages. The numbers inside 401xx-408xx follow the numbering rule of §8
 * (table in the README); 40509 and 40510 extend the finance group for locked and disabled recharge codes;
 * 40520-40539 are the operators' console's finance errors.
 */
export interface ErrorDefinition {
  code: number;
  status: number;
  message: Localized;
}

function def(code: number, status: number, zh_CN: string, zh_TW: string, en: string): ErrorDefinition {
  return { code, status, message: { zh_CN, zh_TW, en } };
}

export const SUCCESS_CODE = 20000;

export const SUCCESS_MESSAGE: Localized = { zh_CN: '操作成功', zh_TW: '操作成功', en: 'Success' };

export const ERRORS = {
  // Generic
  BAD_REQUEST: def(
    40000,
    400,
    '请求参数有误，请检查输入',
    '請求參數有誤，請檢查輸入',
    'Invalid request, please check your input',
  ),
  UNAUTHORIZED: def(40001, 401, '请先登录后再试', '請先登入後再試', 'Please log in first'),
  FORBIDDEN: def(
    40002,
    403,
    '您没有权限执行此操作',
    '您沒有權限執行此操作',
    'You do not have permission to do this',
  ),
  NOT_FOUND: def(40003, 404, '请求的资源不存在', '請求的資源不存在', 'The requested resource does not exist'),
  VALIDATION: def(
    40004,
    422,
    '数据验证失败，请检查输入',
    '資料驗證失敗，請檢查輸入',
    'Validation failed, please check your input',
  ),
  RATE_LIMIT: def(
    40005,
    429,
    '操作过于频繁，请稍后再试',
    '操作過於頻繁，請稍後再試',
    'Too many requests, please try again later',
  ),

  // Auth 401xx
  EMAIL_EXISTS: def(
    40101,
    409,
    '该邮箱已被注册',
    '該電子郵件已被註冊',
    'This email address is already registered',
  ),
  WRONG_PASSWORD: def(40102, 401, '密码错误，请重试', '密碼錯誤，請重試', 'Wrong password, please try again'),
  ACCOUNT_LOCKED: def(
    40103,
    423,
    '账户已被锁定，请联系客服',
    '帳戶已被鎖定，請聯繫客服',
    'Your account is locked, please contact support',
  ),
  ACCOUNT_DISABLED: def(40104, 403, '账户已被禁用', '帳戶已被停用', 'Your account has been disabled'),
  EMAIL_NOT_VERIFIED: def(
    40105,
    403,
    '请先验证邮箱后再登录',
    '請先驗證電子郵件後再登入',
    'Please verify your email address first',
  ),
  TOKEN_INVALID: def(
    40106,
    401,
    '登录凭证无效，请重新登录',
    '登入憑證無效，請重新登入',
    'Your sign-in is invalid, please log in again',
  ),
  TOKEN_EXPIRED: def(
    40107,
    401,
    '登录已过期，请重新登录',
    '登入已過期，請重新登入',
    'Your sign-in has expired, please log in again',
  ),
  REFRESH_TOKEN_INVALID: def(
    40108,
    401,
    '刷新令牌无效，请重新登录',
    '重新整理權杖無效，請重新登入',
    'Your session is no longer valid, please log in again',
  ),
  VERIFY_TOKEN_EXPIRED: def(
    40109,
    400,
    '验证链接已过期，请重新发送',
    '驗證連結已過期，請重新發送',
    'The verification link has expired, please request a new one',
  ),
  VERIFY_TOKEN_INVALID: def(40110, 400, '验证链接无效', '驗證連結無效', 'The verification link is invalid'),
  RESET_TOKEN_EXPIRED: def(
    40111,
    400,
    '重置链接已过期，请重新申请',
    '重設連結已過期，請重新申請',
    'The reset link has expired, please request a new one',
  ),
  RESET_TOKEN_INVALID: def(40112, 400, '重置链接无效', '重設連結無效', 'The reset link is invalid'),
  // Two-factor sign-in 40120-40129
  TWO_FACTOR_REQUIRED: def(
    40120,
    403,
    '员工账户须先开启两步验证并以验证码登录',
    '員工帳戶須先開啟兩步驟驗證並以驗證碼登入',
    'Staff accounts must turn on two-factor authentication and sign in with a code first',
  ),
  TWO_FACTOR_CODE_INVALID: def(
    40121,
    401,
    '验证码错误，请重试',
    '驗證碼錯誤，請重試',
    'The code is wrong, please try again',
  ),
  TWO_FACTOR_CODE_USED: def(
    40122,
    401,
    '此验证码已用过，请等待下一个验证码',
    '此驗證碼已使用過，請等待下一個驗證碼',
    'This code was already used, please wait for the next one',
  ),
  TWO_FACTOR_CHALLENGE_INVALID: def(
    40123,
    401,
    '验证已过期或无效，请重新登录',
    '驗證已過期或無效，請重新登入',
    'The sign-in step has expired or is invalid, please log in again',
  ),
  TWO_FACTOR_CHALLENGE_LOCKED: def(
    40124,
    429,
    '验证码错误次数过多，请重新登录',
    '驗證碼錯誤次數過多，請重新登入',
    'Too many wrong codes, please log in again',
  ),
  TWO_FACTOR_ALREADY_ENABLED: def(
    40125,
    409,
    '两步验证已开启',
    '兩步驟驗證已開啟',
    'Two-factor authentication is already on',
  ),
  TWO_FACTOR_NOT_ENABLED: def(
    40126,
    409,
    '两步验证尚未开启',
    '兩步驟驗證尚未開啟',
    'Two-factor authentication is not on',
  ),
  TWO_FACTOR_SETUP_MISSING: def(
    40127,
    409,
    '请先开始设置两步验证',
    '請先開始設定兩步驟驗證',
    'Start setting up two-factor authentication first',
  ),

  // User 402xx
  USER_NOT_FOUND: def(40201, 404, '用户不存在', '使用者不存在', 'User not found'),
  USER_EXISTS: def(40202, 409, '用户已存在', '使用者已存在', 'User already exists'),
  INSUFFICIENT_BALANCE: def(
    40203,
    402,
    '余额不足，请先充值',
    '餘額不足，請先儲值',
    'Insufficient balance, please top up first',
  ),
  SESSION_NOT_FOUND: def(40204, 404, '会话不存在', '工作階段不存在', 'Session not found'),
  SESSION_EXPIRED: def(
    40205,
    401,
    '会话已过期，请重新登录',
    '工作階段已過期，請重新登入',
    'Session expired, please log in again',
  ),
  USER_SELF_ACTION: def(
    40220,
    409,
    '不能对自己的账户执行此操作',
    '無法對自己的帳戶執行此操作',
    'You cannot do this to your own account',
  ),
  STAFF_ACCOUNT_PROTECTED: def(
    40221,
    409,
    '员工账户请在「员工与角色」中管理',
    '員工帳戶請在「員工與角色」中管理',
    'Staff accounts are managed on the staff page',
  ),
  SEGMENT_EMPTY: def(
    40222,
    409,
    '该筛选条件下没有可发送的用户',
    '該篩選條件下沒有可發送的用戶',
    'No customer is in this segment',
  ),

  // Subscription 403xx
  SUBSCRIPTION_NOT_FOUND: def(40301, 404, '订阅不存在', '訂閱不存在', 'Subscription not found'),
  SUBSCRIPTION_EXPIRED: def(40302, 409, '订阅已过期', '訂閱已過期', 'The subscription has expired'),
  SUBSCRIPTION_NOT_ACTIVE: def(40303, 409, '订阅未激活', '訂閱未啟用', 'The subscription is not active'),
  PACKAGE_NOT_FOUND: def(40304, 404, '套餐不存在', '方案不存在', 'Package not found'),
  PACKAGE_NOT_AVAILABLE: def(40305, 409, '套餐暂不可购买', '方案暫不可購買', 'This package is not available'),
  ORDER_NOT_FOUND: def(40306, 404, '订单不存在', '訂單不存在', 'Order not found'),
  ORDER_ALREADY_PAID: def(40307, 409, '订单已支付', '訂單已付款', 'The order has already been paid'),
  ORDER_EXPIRED: def(40308, 409, '订单已过期', '訂單已過期', 'The order has expired'),
  UPGRADE_NOT_ALLOWED: def(
    40309,
    409,
    '当前订阅不支持升级',
    '目前訂閱不支援升級',
    'This subscription cannot be upgraded',
  ),
  RENEWAL_NOT_ALLOWED: def(
    40310,
    409,
    '当前订阅不支持续费',
    '目前訂閱不支援續費',
    'This subscription cannot be renewed',
  ),
  LINK_NOT_FOUND: def(40311, 404, '订阅链接不存在', '訂閱連結不存在', 'Subscription link not found'),
  LINK_RATE_LIMIT: def(
    40312,
    429,
    '订阅链接请求过于频繁，请稍后再试',
    '訂閱連結請求過於頻繁，請稍後再試',
    'The subscription link is requested too often, please try again later',
  ),
  PACKAGE_IN_USE: def(
    40320,
    409,
    '该套餐已售出，不能删除；可将其下架',
    '該方案已售出，無法刪除；可將其下架',
    'This package has been sold and cannot be deleted; hide it from sale instead',
  ),
  PACKAGE_UPGRADE_TARGET_INVALID: def(
    40321,
    400,
    '升级目标须为其他已存在的套餐',
    '升級目標須為其他已存在的方案',
    'Upgrade targets must be other packages that exist',
  ),
  PACKAGE_ORDER_MISMATCH: def(
    40322,
    409,
    '套餐列表已变化，请刷新后重新排序',
    '方案列表已變更，請重新整理後再排序',
    'The packages have changed; reload and order them again',
  ),
  SUBSCRIPTION_CHANGE_REFUSED: def(
    40323,
    409,
    '该订阅已升级或刚被修改，无法操作；请刷新后重试',
    '該訂閱已升級或剛被修改，無法操作；請重新整理後再試',
    'This subscription was upgraded or changed meanwhile; reload and try again',
  ),
  TRIAL_PACKAGE_REQUIRED: def(
    40324,
    400,
    '开启试用前请选择试用套餐',
    '開啟試用前請選擇試用方案',
    'Choose the trial package before turning the trial on',
  ),
  PACKAGE_IS_TRIAL: def(
    40325,
    409,
    '该套餐是试用套餐，请先关闭试用或更换试用套餐',
    '該方案為試用方案，請先關閉試用或更換試用方案',
    'This package is the trial package; turn the trial off or choose another package first',
  ),

  // Node 404xx
  NODE_NOT_FOUND: def(40401, 404, '节点不存在', '節點不存在', 'Node not found'),
  NODE_OFFLINE: def(40402, 409, '节点已离线', '節點已離線', 'The node is offline'),
  NODE_UNAVAILABLE: def(40403, 503, '节点暂不可用', '節點暫不可用', 'The node is unavailable'),
  INBOUND_RULE_NOT_FOUND: def(40404, 404, '入站规则不存在', '入站規則不存在', 'Inbound rule not found'),
  PROXY_CORE_ERROR: def(
    40405,
    502,
    '代理核心接口异常，请稍后再试',
    '代理核心介面異常，請稍後再試',
    'The proxy core did not answer correctly, please try again later',
  ),
  // Nodes in the operators' console 40420-40429
  NODE_GROUP_NOT_FOUND: def(40420, 404, '节点分组不存在', '節點分組不存在', 'Node group not found'),
  NODE_GROUP_NAME_TAKEN: def(
    40421,
    409,
    '已有同名的节点分组',
    '已有同名的節點分組',
    'A node group with this name already exists',
  ),
  NODE_GROUP_IN_USE: def(
    40422,
    409,
    '仍有套餐使用该节点分组，请先从套餐中移除',
    '仍有方案使用該節點分組，請先從方案中移除',
    'Packages still use this node group; remove it from them first',
  ),

  // Finance 405xx
  PAYMENT_FAILED: def(
    40501,
    402,
    '支付失败，请稍后重试',
    '付款失敗，請稍後重試',
    'Payment failed, please try again later',
  ),
  RECHARGE_ORDER_NOT_FOUND: def(40502, 404, '充值订单不存在', '儲值訂單不存在', 'Top-up order not found'),
  CODE_INVALID: def(40503, 400, '充值码无效', '儲值碼無效', 'Invalid top-up code'),
  CODE_USED: def(40504, 409, '充值码已被使用', '儲值碼已被使用', 'This top-up code has already been used'),
  CODE_EXPIRED: def(40505, 410, '充值码已过期', '儲值碼已過期', 'This top-up code has expired'),
  RECHARGE_CONFIG_NOT_FOUND: def(
    40506,
    404,
    '充值配置不存在',
    '儲值設定不存在',
    'Top-up configuration not found',
  ),
  CHAIN_NOT_FOUND: def(40507, 404, '不支持该网络', '不支援該網路', 'This network is not supported'),
  INSUFFICIENT_RECHARGE_AMOUNT: def(
    40508,
    400,
    '充值金额低于最低限额',
    '儲值金額低於最低限額',
    'The amount is below the minimum top-up',
  ),
  CODE_LOCKED: def(
    40509,
    423,
    '充值码已被锁定，请联系客服',
    '儲值碼已被鎖定，請聯繫客服',
    'This top-up code is locked, please contact support',
  ),
  CODE_DISABLED: def(40510, 403, '充值码已停用', '儲值碼已停用', 'This top-up code has been disabled'),
  // Finance, operators' console (issue 17 §7): 40520-40539
  TRANSFER_NOT_FOUND: def(40520, 404, '链上转账记录不存在', '鏈上轉帳紀錄不存在', 'Transfer not found'),
  TRANSFER_RESOLVED: def(
    40521,
    409,
    '该转账已处理（已入账或已忽略）',
    '該轉帳已處理（已入帳或已忽略）',
    'This transfer has already been handled (credited or ignored)',
  ),
  REFUND_REFUSED: def(
    40522,
    409,
    '该订单不符合退款条件',
    '該訂單不符合退款條件',
    'This order cannot be refunded under the terms',
  ),
  CODE_BATCH_NOT_FOUND: def(
    40523,
    404,
    '充值码批次不存在',
    '儲值碼批次不存在',
    'Top-up code batch not found',
  ),
  CODE_STATUS_FIXED: def(
    40524,
    409,
    '已使用的充值码不能再更改状态',
    '已使用的儲值碼不能再變更狀態',
    'A top-up code that has been used cannot change state',
  ),

  // Ticket 406xx
  TICKET_NOT_FOUND: def(40601, 404, '工单不存在', '工單不存在', 'Ticket not found'),
  TICKET_CLOSED: def(40602, 409, '工单已关闭', '工單已關閉', 'This ticket is closed'),
  TICKET_REPLY_NOT_FOUND: def(40603, 404, '回复不存在', '回覆不存在', 'Reply not found'),
  TICKET_ATTACHMENT_TOO_LARGE: def(
    40604,
    413,
    '附件不能超过 10 MB',
    '附件不能超過 10 MB',
    'An attachment can be at most 10 MB',
  ),
  TICKET_ATTACHMENT_TYPE: def(
    40605,
    415,
    '不支持的附件类型：仅支持 JPG/PNG/GIF 图片、PDF、Word 文档和纯文本文件',
    '不支援的附件類型：僅支援 JPG/PNG/GIF 圖片、PDF、Word 文件和純文字檔案',
    'This file type is not accepted: only JPG/PNG/GIF images, PDF, Word documents and plain text',
  ),
  TICKET_ATTACHMENTS_TOO_MANY: def(
    40606,
    422,
    '附件数量超出上限：每条消息最多 5 个附件',
    '附件數量超出上限：每則訊息最多 5 個附件',
    'Too many attachments: at most 5 per message',
  ),
  TICKET_ATTACHMENT_NOT_FOUND: def(
    40607,
    404,
    '附件不存在或已失效，请重新上传',
    '附件不存在或已失效，請重新上傳',
    'The attachment does not exist or has expired, please upload it again',
  ),
  TICKET_ATTACHMENT_EMPTY: def(40608, 422, '附件是空文件', '附件是空檔案', 'The attachment is an empty file'),
  TICKET_ASSIGNEE_INVALID: def(
    40609,
    422,
    '工单只能指派给可以处理工单的员工',
    '工單只能指派給可以處理工單的員工',
    'A ticket can only be assigned to a staff member who handles tickets',
  ),

  // Content 407xx
  ANNOUNCEMENT_NOT_FOUND: def(40701, 404, '公告不存在', '公告不存在', 'Announcement not found'),
  HELP_DOCUMENT_NOT_FOUND: def(40702, 404, '帮助文档不存在', '說明文件不存在', 'Help document not found'),

  // OAuth 408xx
  OAUTH_PROVIDER_UNSUPPORTED: def(
    40801,
    400,
    '不支持该登录方式',
    '不支援該登入方式',
    'This sign-in provider is not supported',
  ),
  OAUTH_STATE_MISMATCH: def(
    40802,
    400,
    '状态验证失败，请重新登录',
    '狀態驗證失敗，請重新登入',
    'State verification failed, please sign in again',
  ),
  OAUTH_CODE_INVALID: def(
    40803,
    400,
    '授权码无效或已过期',
    '授權碼無效或已過期',
    'The authorization code is invalid or has expired',
  ),
  OAUTH_ACCOUNT_BOUND: def(
    40804,
    409,
    '该第三方账户已被其他用户绑定',
    '該第三方帳戶已被其他使用者綁定',
    'This account is already linked to another user',
  ),
  OAUTH_ACCOUNT_NOT_FOUND: def(
    40805,
    404,
    '未找到绑定的第三方账户',
    '找不到綁定的第三方帳戶',
    'Linked account not found',
  ),

  // Staff 409xx
  STAFF_LAST_OWNER: def(
    40901,
    409,
    '至少需要保留一位所有者',
    '至少需要保留一位擁有者',
    'There must always be at least one owner',
  ),
  STAFF_NOT_FOUND: def(40902, 404, '该员工不存在', '該員工不存在', 'No such staff member'),

  // Server 500xx
  INTERNAL: def(
    50000,
    500,
    '服务器内部错误，请稍后再试',
    '伺服器內部錯誤，請稍後再試',
    'Internal server error, please try again later',
  ),
  DATABASE: def(
    50001,
    500,
    '数据服务异常，请稍后再试',
    '資料服務異常，請稍後再試',
    'Database error, please try again later',
  ),
  EXTERNAL_API: def(
    50002,
    502,
    '外部服务异常，请稍后再试',
    '外部服務異常，請稍後再試',
    'An external service failed, please try again later',
  ),
  // Password checks and hashes are bounded (issue 19): over capacity, answered at once with Retry-After.
  SERVER_BUSY: def(
    50003,
    503,
    '服务器繁忙，请稍后再试',
    '伺服器繁忙，請稍後再試',
    'The server is busy, please try again in a moment',
  ),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof ERRORS;

const BY_CODE = new Map<number, ErrorDefinition>(Object.values(ERRORS).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorDefinition | undefined {
  return BY_CODE.get(code);
}

export function isSuccessCode(code: unknown): code is number {
  return typeof code === 'number' && code >= 20000 && code <= 29999;
}

/** Codes after which the client signs the user out (product rules §8, §4.2). */
export const FORCED_SIGN_OUT_CODES: readonly number[] = [
  ERRORS.UNAUTHORIZED.code,
  ERRORS.TOKEN_INVALID.code,
  ERRORS.TOKEN_EXPIRED.code,
  ERRORS.REFRESH_TOKEN_INVALID.code,
];

/** Messages the client shows without a server answer (product rules §8). */
export const CLIENT_MESSAGES = {
  fallback: {
    zh_CN: '操作失败，请稍后重试',
    zh_TW: '操作失敗，請稍後重試',
    en: 'Operation failed, please try again later',
  },
  network: {
    zh_CN: '网络连接失败，请检查网络设置或后端服务是否正常运行',
    zh_TW: '網路連線失敗，請檢查網路設定或後端服務是否正常運作',
    en: 'Network connection failed, please check your network or whether the server is running',
  },
  unparseable: {
    zh_CN: '服务器响应解析失败 (HTTP {{status}})',
    zh_TW: '伺服器回應解析失敗 (HTTP {{status}})',
    en: 'Could not read the server response (HTTP {{status}})',
  },
  sessionInvalid: {
    zh_CN: '登录状态已失效，请重新登录',
    zh_TW: '登入狀態已失效，請重新登入',
    en: 'Your sign-in is no longer valid, please log in again',
  },
} as const satisfies Record<string, Localized>;

export function errorMessage(code: number, locale: Locale): string | undefined {
  return errorByCode(code)?.message[locale];
}
