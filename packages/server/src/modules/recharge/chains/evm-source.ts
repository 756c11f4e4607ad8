import { createPublicClient, http, parseAbiItem, type PublicClient } from 'viem';
import type { EvmChainConfig } from '../../../config.js';
import {
  toMicro,
  type ChainSource,
  type CheckedTransfer,
  type ObservedTransfer,
  type ScanResult,
  type TransferCheck,
} from './types.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const CHUNK = 2000n;
const FIRST_SCAN_DEPTH = 5000n;

/**
 * ERC20/BEP20 over JSON-RPC: `eth_getLogs` for the token's Transfer events to our address. Each scan re-reads the
 * last `confirmations` blocks, so a payment that a reorg moved to another block is still seen.
 */
export class EvmSource implements ChainSource {
  readonly network: 'ERC20' | 'BEP20';
  confirmationsRequired: number;
  private readonly client: PublicClient;
  private readonly blockTimes = new Map<string, string>();

  constructor(private config: EvmChainConfig) {
    this.network = config.network;
    this.confirmationsRequired = config.confirmations;
    this.client = createPublicClient({ transport: http(config.rpcUrl, { timeout: 15_000, retryCount: 1 }) });
  }
  apply(settings: { address: string; confirmations: number }): void {
    this.config = { ...this.config, ...settings };
    this.confirmationsRequired = settings.confirmations;
  }

  async scan(cursor: string | null): Promise<ScanResult> {
    const head = await this.client.getBlockNumber({ cacheTime: 0 });
    let from: bigint;
    if (cursor === null) {
      from =
        this.config.startBlock !== null
          ? BigInt(this.config.startBlock)
          : head > FIRST_SCAN_DEPTH
            ? head - FIRST_SCAN_DEPTH
            : 0n;
    } else {
      const overlap = BigInt(this.confirmationsRequired);
      const next = BigInt(cursor) + 1n;
      from = next > overlap ? next - overlap : 0n;
    }
    const transfers: ObservedTransfer[] = [];
    for (let start = from; start <= head; start += CHUNK) {
      const end = start + CHUNK - 1n < head ? start + CHUNK - 1n : head;
      const logs = await this.client.getLogs({
        address: this.config.token as `0x${string}`,
        event: TRANSFER,
        args: { to: this.config.address as `0x${string}` },
        fromBlock: start,
        toBlock: end,
      });
      for (const log of logs) {
        if (log.removed || log.transactionHash === null || log.logIndex === null || log.blockNumber === null)
          continue;
        transfers.push({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          from: log.args.from ?? '',
          to: log.args.to ?? '',
          micro: toMicro(log.args.value ?? 0n, this.config.decimals),
          blockNumber: Number(log.blockNumber),
          blockHash: log.blockHash,
          blockTime: log.blockHash ? await this.blockTime(log.blockHash) : null,
          final: false,
        });
      }
    }
    return { transfers, cursor: head.toString(), head: Number(head) };
  }

  private async blockTime(hash: `0x${string}`): Promise<string> {
    const known = this.blockTimes.get(hash);
    if (known) return known;
    const block = await this.client.getBlock({ blockHash: hash });
    const time = new Date(Number(block.timestamp) * 1000).toISOString();
    if (this.blockTimes.size > 10_000) this.blockTimes.clear();
    this.blockTimes.set(hash, time);
    return time;
  }

  async check(transfer: CheckedTransfer, head: number): Promise<TransferCheck> {
    let receipt;
    try {
      receipt = await this.client.getTransactionReceipt({ hash: transfer.txHash as `0x${string}` });
    } catch {
      return { exists: false, blockNumber: 0, confirmations: 0 };
    }
    const log = receipt.logs.find((l) => l.logIndex === transfer.logIndex);
    const ours =
      receipt.status === 'success' &&
      log !== undefined &&
      log.address.toLowerCase() === this.config.token.toLowerCase() &&
      log.topics[2] !== undefined &&
      `0x${log.topics[2].slice(-40)}`.toLowerCase() === this.config.address.toLowerCase() &&
      toMicro(BigInt(log.data), this.config.decimals) === transfer.micro;
    const blockNumber = Number(receipt.blockNumber);
    return { exists: ours, blockNumber, confirmations: ours ? head - blockNumber + 1 : 0 };
  }
}
