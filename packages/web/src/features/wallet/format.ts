/** Display helpers of the wallet pages. */
/** "TXabc…9f3e": long hashes and addresses shortened for tables. */
export function shorten(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}
