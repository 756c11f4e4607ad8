/** Colours and finality of the top-up and code statuses (product rules §4.4). */
import type { CodeStatus, TopupStatus } from '@portal/contract';

export const TOPUP_STATUS_COLORS: Record<TopupStatus, string> = {
  pending: 'yellow',
  paid: 'blue',
  confirmed: 'teal',
  canceled: 'gray',
  timeout: 'orange',
  failed: 'red',
  refunded: 'violet',
};

export const CODE_STATUS_COLORS: Record<CodeStatus, string> = {
  unused: 'teal',
  used: 'gray',
  locked: 'orange',
  disabled: 'red',
};

const OPEN_STATUSES: readonly TopupStatus[] = ['pending', 'paid'];

/** An order still waiting for money or for the chain: its status can change. */
export function isOpenTopupStatus(status: TopupStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

/** Nothing more happens to the order: stop polling. */
export function isFinalTopupStatus(status: TopupStatus): boolean {
  return !isOpenTopupStatus(status);
}
