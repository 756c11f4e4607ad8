import type { DeepStringRecord } from '../../zh_CN';
import type { announcementsZhCN } from './zh_CN';

export const announcementsZhTW: DeepStringRecord<typeof announcementsZhCN> = {
  list: {
    title: '全部公告',
    unreadTotal: '未讀 {{count}} 則',
    unreadMark: '未讀',
  },
  loadFailed: '公告載入失敗',
  notFound: '該公告不存在或已過期。',
  filters: {
    label: '篩選公告',
    category: '分類',
    priority: '優先級',
    allCategories: '全部分類',
    allPriorities: '全部優先級',
    unreadOnly: '只看未讀',
    reset: '重設篩選',
  },
  categories: {
    maintenance: '系統維護',
    feature: '新功能',
    security: '安全提醒',
    other: '其他',
  },
  priorities: {
    low: '低',
    medium: '中',
    high: '高',
    urgent: '緊急',
  },
  pinned: '置頂',
  publishedAt: '發布於 {{time}}',
  expiresAt: '有效期至 {{time}}',
  readAt: '已於 {{time}} 閱讀',
  detail: {
    title: '公告詳情',
    markRead: '標記為已讀',
    marking: '正在標記…',
    read: '已讀',
    markReadFailed: '標記已讀失敗',
    moreImportant: '還有 {{count}} 則重要公告',
  },
  empty: {
    title: '暫無公告',
    text: '有新的系統公告時會顯示在這裡，重要公告還會在登入後自動彈出。',
    filteredTitle: '沒有符合條件的公告',
    filteredText: '換個篩選條件試試，或重設篩選查看全部公告。',
    unreadTitle: '公告都已讀完',
    unreadText: '沒有未讀的公告了。',
  },
};
