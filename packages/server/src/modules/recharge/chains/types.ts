/** A token transfer to one of our receiving addresses, as a chain reports it. */
export interface ObservedTransfer {
  txHash: string;
  logIndex: number;
  from: string;
  to: string;
  /** In micro-USDT (6 decimals); null when the raw value has more precision than that (it can match no order). */
  micro: number | null;
  blockNumber: number;
  blockHash: string | null;
  blockTime: string | null;
  /** The source already knows it is final (TronGrid's solidified transactions). */
  final: boolean;
}

export interface ScanResult {
  transfers: ObservedTransfer[];
  /** Where the next scan starts; persisted so a restart neither misses nor repeats work. */
  cursor: string;
  head: number;
}

export interface TransferCheck {
  /** Still in the canonical chain, successful, with the same log. */
  exists: boolean;
  blockNumber: number;
  confirmations: number;
}

export interface CheckedTransfer {
  txHash: string;
  logIndex: number;
  micro: number;
  blockNumber: number;
}

/** One network the watcher reads. */
export interface ChainSource {
  network: 'ERC20' | 'BEP20' | 'TRC20';
  confirmationsRequired: number;
  /** Takes the receiving address and confirmations in force (the operators' settings) for the next scans. */
  apply(settings: { address: string; confirmations: number }): void;
  scan(cursor: string | null): Promise<ScanResult>;
  /** Re-reads a transfer right before it is credited (a reorg may have removed it). */
  check(transfer: CheckedTransfer, head: number): Promise<TransferCheck>;
}

/** Raw token units -> micro-USDT, exact or null. */
export function toMicro(raw: bigint, decimals: number): number | null {
  if (decimals >= 6) {
    const factor = 10n ** BigInt(decimals - 6);
    if (raw % factor !== 0n) return null;
    const micro = raw / factor;
    return micro <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(micro) : null;
  }
  const micro = raw * 10n ** BigInt(6 - decimals);
  return micro <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(micro) : null;
}
