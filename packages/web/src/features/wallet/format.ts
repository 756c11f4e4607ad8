/** Display helpers of the wallet pages. */
/** "TXabc…9f3e": long hashes and addresses shortened for tables. */
export function shorten(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/**
 * A ledger memo as the interface writes it. The server notes a batch of top-up codes as "<quantity> x <amount>"
 * ("2 x 50.00"); that reads "2 × ¥50.00" with the money formatter. Any other memo is shown as it is.
 */
export function ledgerMemo(memo: string, formatMoney: (amount: string) => string): string {
  const batch = /^(\d+) [x×] (\d+(?:\.\d+)?)$/.exec(memo.trim());
  return batch ? `${batch[1]} × ${formatMoney(batch[2]!)}` : memo;
}
