/**
 * The transfer states behind each view of the top-ups page (`moneyApi.TRANSFER_VIEWS`); `open` is what an operator
 * has to decide on. Used by the money lists and the overview's count, so both say the same.
 */
export const TRANSFER_VIEW_STATUSES = {
  open: ['unmatched', 'late'],
  credited: ['credited'],
  ignored: ['ignored'],
  all: null,
} as const;
