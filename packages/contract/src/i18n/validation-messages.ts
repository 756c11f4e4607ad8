import type { Localized } from '../locales.js';

/**
 * Messages of the validation rules (product rules §5). Schemas carry the key (`v.<name>`); the server answers
 * with the text in the caller's language and the web shows the same text beside the field.
 */
export const VALIDATION_MESSAGES = {
  required: { zh_CN: '此项为必填项', zh_TW: '此項為必填項', en: 'This field is required' },
  invalid: { zh_CN: '输入格式不正确', zh_TW: '輸入格式不正確', en: 'The value is not valid' },
  too_long: { zh_CN: '输入内容过长', zh_TW: '輸入內容過長', en: 'The value is too long' },
  too_short: { zh_CN: '输入内容过短', zh_TW: '輸入內容過短', en: 'The value is too short' },
  unknown_field: {
    zh_CN: '包含不支持的字段',
    zh_TW: '包含不支援的欄位',
    en: 'Contains a field that is not accepted',
  },
  text_control: {
    zh_CN: '包含不允许的控制字符',
    zh_TW: '包含不允許的控制字元',
    en: 'Contains control characters that are not allowed',
  },
  id_invalid: {
    zh_CN: '编号无效',
    zh_TW: '編號無效',
    en: 'The id is not valid',
  },
  number_range: {
    zh_CN: '数值超出允许范围',
    zh_TW: '數值超出允許範圍',
    en: 'The number is out of the accepted range',
  },
  email_required: {
    zh_CN: '请输入邮箱地址',
    zh_TW: '請輸入電子郵件地址',
    en: 'Please enter your email address',
  },
  email_invalid: {
    zh_CN: '请输入有效的邮箱地址',
    zh_TW: '請輸入有效的電子郵件地址',
    en: 'Please enter a valid email address',
  },
  email_too_long: {
    zh_CN: '邮箱地址过长（@ 前最多 64 个字符，全部最多 254 个字符）',
    zh_TW: '電子郵件地址過長（@ 前最多 64 個字元，全部最多 254 個字元）',
    en: 'The email address is too long (at most 64 characters before the @, 254 in all)',
  },
  email_mixed_script: {
    zh_CN: '邮箱地址的同一部分不能混用拉丁、西里尔或希腊字母',
    zh_TW: '電子郵件地址的同一部分不能混用拉丁、西里爾或希臘字母',
    en: 'One part of the email address cannot mix Latin, Cyrillic or Greek letters',
  },
  password_required: { zh_CN: '请输入密码', zh_TW: '請輸入密碼', en: 'Please enter your password' },
  password_min6: {
    zh_CN: '密码至少 6 个字符',
    zh_TW: '密碼至少 6 個字元',
    en: 'The password needs at least 6 characters',
  },
  password_min8: {
    zh_CN: '密码至少 8 个字符',
    zh_TW: '密碼至少 8 個字元',
    en: 'The password needs at least 8 characters',
  },
  password_max128: {
    zh_CN: '密码最多 128 个字符',
    zh_TW: '密碼最多 128 個字元',
    en: 'The password can have at most 128 characters',
  },
  password_complexity: {
    zh_CN: '密码须包含大写字母、小写字母和数字',
    zh_TW: '密碼須包含大寫字母、小寫字母和數字',
    en: 'The password needs an uppercase letter, a lowercase letter and a digit',
  },
  password_mismatch: {
    zh_CN: '两次输入的密码不一致',
    zh_TW: '兩次輸入的密碼不一致',
    en: 'The passwords do not match',
  },
  password_same_as_old: {
    zh_CN: '新密码不能与旧密码相同',
    zh_TW: '新密碼不能與舊密碼相同',
    en: 'The new password must differ from the old one',
  },
  confirm_required: { zh_CN: '请再次输入密码', zh_TW: '請再次輸入密碼', en: 'Please repeat the password' },
  nickname_max20: {
    zh_CN: '昵称最多 20 个字符',
    zh_TW: '暱稱最多 20 個字元',
    en: 'The nickname can have at most 20 characters',
  },
  nickname_max30: {
    zh_CN: '昵称最多 30 个字符',
    zh_TW: '暱稱最多 30 個字元',
    en: 'The nickname can have at most 30 characters',
  },
  nickname_blank: {
    zh_CN: '昵称不能只有空格或不可见字符',
    zh_TW: '暱稱不能只有空格或不可見字元',
    en: 'The nickname cannot be only spaces or invisible characters',
  },
  nickname_bidi: {
    zh_CN: '昵称不能包含改变文字方向的控制字符',
    zh_TW: '暱稱不能包含改變文字方向的控制字元',
    en: 'The nickname cannot contain characters that change the text direction',
  },
  terms_required: {
    zh_CN: '请同意用户协议和隐私政策',
    zh_TW: '請同意使用者協議和隱私權政策',
    en: 'Please accept the terms of service and the privacy policy',
  },
  invite_code_invalid: {
    zh_CN: '邀请码格式不正确',
    zh_TW: '邀請碼格式不正確',
    en: 'The invite code is not valid',
  },
  ticket_title_length: {
    zh_CN: '标题长度须为 5 到 200 个字符',
    zh_TW: '標題長度須為 5 到 200 個字元',
    en: 'The title needs 5 to 200 characters',
  },
  category_required: { zh_CN: '请选择分类', zh_TW: '請選擇分類', en: 'Please choose a category' },
  description_required: {
    zh_CN: '请填写问题描述',
    zh_TW: '請填寫問題描述',
    en: 'Please describe the problem',
  },
  // Help centre
  help_rating: {
    zh_CN: '评分须为 1 到 5 之间的整数',
    zh_TW: '評分須為 1 到 5 之間的整數',
    en: 'The rating must be a whole number from 1 to 5',
  },
  help_feedback_max: {
    zh_CN: '反馈最多 500 个字符',
    zh_TW: '意見回饋最多 500 個字元',
    en: 'The feedback can have at most 500 characters',
  },
  help_search_max: {
    zh_CN: '搜索内容最多 100 个字符',
    zh_TW: '搜尋內容最多 100 個字元',
    en: 'The search can have at most 100 characters',
  },
  help_slug: {
    zh_CN: '标识只能包含小写字母、数字和连字符（最多 64 个字符）',
    zh_TW: '識別碼只能包含小寫字母、數字和連字號（最多 64 個字元）',
    en: 'The slug may only contain lowercase letters, digits and hyphens (at most 64 characters)',
  },
  help_slug_taken: {
    zh_CN: '该标识在此语言下已被使用',
    zh_TW: '此識別碼在該語言下已被使用',
    en: 'This slug is already used in this language',
  },
  help_category_missing: {
    zh_CN: '帮助分类不存在',
    zh_TW: '說明分類不存在',
    en: 'The help category does not exist',
  },
  code_quantity: {
    zh_CN: '每批数量须为 1 到 100',
    zh_TW: '每批數量須為 1 到 100',
    en: 'The quantity must be between 1 and 100',
  },
  code_required: { zh_CN: '请输入充值码', zh_TW: '請輸入儲值碼', en: 'Please enter a top-up code' },
  code_format: { zh_CN: '充值码格式无效', zh_TW: '儲值碼格式無效', en: 'The top-up code format is invalid' },
  amount_invalid: {
    zh_CN: '请输入有效金额（最多两位小数）',
    zh_TW: '請輸入有效金額（最多兩位小數）',
    en: 'Please enter a valid amount (at most two decimals)',
  },
  amount_positive: {
    zh_CN: '金额必须大于 0',
    zh_TW: '金額必須大於 0',
    en: 'The amount must be greater than 0',
  },
  two_factor_code: {
    zh_CN: '请输入 6 位验证码或恢复码',
    zh_TW: '請輸入 6 位驗證碼或復原碼',
    en: 'Enter the 6-digit code or a recovery code',
  },
  route_match: {
    zh_CN: '此条目不符合该规则类型的格式',
    zh_TW: '此條目不符合該規則類型的格式',
    en: 'This entry does not fit the kind of rule',
  },
  route_resolver: {
    zh_CN: '请输入 DNS 服务器：IP 地址或 https:// 等地址',
    zh_TW: '請輸入 DNS 伺服器：IP 位址或 https:// 等位址',
    en: 'Enter a DNS server: an IP address or an https:// (or tcp://) address',
  },
  page_invalid: {
    zh_CN: '页码或每页数量无效',
    zh_TW: '頁碼或每頁數量無效',
    en: 'The page or page size is not valid',
  },
} as const satisfies Record<string, Localized>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export const VALIDATION_KEY_PREFIX = 'v.';

/** The key a schema puts in an issue's message, e.g. `v.email_invalid`. */
export function vkey(name: ValidationMessageKey): string {
  return `${VALIDATION_KEY_PREFIX}${name}`;
}

export function validationKeyName(message: string): ValidationMessageKey | null {
  if (!message.startsWith(VALIDATION_KEY_PREFIX)) return null;
  const name = message.slice(VALIDATION_KEY_PREFIX.length);
  return name in VALIDATION_MESSAGES ? (name as ValidationMessageKey) : null;
}
