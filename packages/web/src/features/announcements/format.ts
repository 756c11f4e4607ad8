/** Names and colours of categories and priorities (product rules §3). */
import type { MantineColor } from '@mantine/core';

export type CategoryKey = 'maintenance' | 'feature' | 'security' | 'other';
export type PriorityKey = 'low' | 'medium' | 'high' | 'urgent';

const CATEGORY_KEYS: Record<number, CategoryKey> = { 1: 'maintenance', 2: 'feature', 3: 'security' };
const PRIORITY_KEYS: Record<number, PriorityKey> = { 1: 'low', 2: 'medium', 3: 'high', 4: 'urgent' };

/** 1 system maintenance, 2 new feature, 3 security alert; anything else is "other". */
export function categoryKey(category: number): CategoryKey {
  return CATEGORY_KEYS[category] ?? 'other';
}

export function priorityKey(priority: number): PriorityKey {
  return PRIORITY_KEYS[priority] ?? 'low';
}

export const CATEGORY_COLORS: Record<CategoryKey, MantineColor> = {
  maintenance: 'orange',
  feature: 'teal',
  security: 'red',
  other: 'gray',
};

export const PRIORITY_COLORS: Record<PriorityKey, MantineColor> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};
