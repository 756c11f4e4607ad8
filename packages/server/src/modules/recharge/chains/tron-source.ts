import type { TronChainConfig } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import {
  toMicro,
  type ChainSource,
  type CheckedTransfer,
  type ObservedTransfer,
  type ScanResult,
  type TransferCheck,
} from './types.js';

/** One entry of TronGrid's `GET /v1/accounts/{address}/transactions/trc20`. */
interface TronGridTransfer {
  transaction_id: string;
  token_info?: { address?: string; decimals?: number };
  block_timestamp: number;
  from: string;
  to: string;
  type?: string;
  value: string;
}

interface TronGridPage {
  data?: TronGridTransfer[];
  success?: boolean;
  meta?: { fingerprint?: string; links?: { next?: string } };
}

/** Re-read this much before the last confirmed transfer, in case TronGrid indexed late. */
const OVERLAP_MS = 60_000;
const MAX_PAGES = 20;

/**
 * TRC20 through the TronGrid HTTP API. Solidified transfers (`only_confirmed=true`) are final; the others are
 * reported too, so an order shows as paid as soon as its transfer is seen.
 */
export class TronSource implements ChainSource {
  readonly network = 'TRC20' as const;
  confirmationsRequired: number;

  constructor(private config: TronChainConfig) {
    this.confirmationsRequired = config.confirmations;
  }
  apply(settings: { address: string; confirmations: number }): void {
    this.config = { ...this.config, ...settings };
    this.confirmationsRequired = settings.confirmations;
  }

  private async page(url: string): Promise<TronGridPage> {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...(this.config.apiKey ? { 'TRON-PRO-API-KEY': this.config.apiKey } : {}),
        },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new AppError('EXTERNAL_API', { network: 'TRC20' }, { cause: err });
    }
    if (!res.ok) throw new AppError('EXTERNAL_API', { network: 'TRC20', status: res.status });
    return (await res.json()) as TronGridPage;
  }

  /** Every transfer of the token to our address since `minTimestamp`, following TronGrid's pagination. */
  async transfers(minTimestamp: number, confirmed: boolean): Promise<TronGridTransfer[]> {
    const url = new URL(`${this.config.apiUrl}/v1/accounts/${this.config.address}/transactions/trc20`);
    url.searchParams.set('contract_address', this.config.token);
    url.searchParams.set('only_to', 'true');
    url.searchParams.set(confirmed ? 'only_confirmed' : 'only_unconfirmed', 'true');
    url.searchParams.set('min_timestamp', String(minTimestamp));
    url.searchParams.set('order_by', 'block_timestamp,asc');
    url.searchParams.set('limit', '200');
    const out: TronGridTransfer[] = [];
    let next: string | undefined = url.toString();
    for (let i = 0; next && i < MAX_PAGES; i++) {
      const page: TronGridPage = await this.page(next);
      out.push(...(page.data ?? []));
      next = page.meta?.links?.next;
    }
    return out.filter(
      (t) =>
        t.to === this.config.address &&
        (t.type === undefined || t.type === 'Transfer') &&
        (t.token_info?.address === undefined || t.token_info.address === this.config.token),
    );
  }

  async scan(cursor: string | null): Promise<ScanResult> {
    const since = cursor === null ? Date.now() - 24 * 3600_000 : Math.max(0, Number(cursor) - OVERLAP_MS);
    const [confirmed, pending] = await Promise.all([
      this.transfers(since, true),
      this.transfers(since, false),
    ]);
    const map = (t: TronGridTransfer, final: boolean): ObservedTransfer => ({
      txHash: t.transaction_id,
      logIndex: 0,
      from: t.from,
      to: t.to,
      micro: toMicro(BigInt(t.value), t.token_info?.decimals ?? this.config.decimals),
      blockNumber: Math.floor(t.block_timestamp / 1000),
      blockHash: null,
      blockTime: new Date(t.block_timestamp).toISOString(),
      final,
    });
    const latest = confirmed.reduce(
      (max, t) => Math.max(max, t.block_timestamp),
      cursor === null ? since : Number(cursor),
    );
    return {
      transfers: [...confirmed.map((t) => map(t, true)), ...pending.map((t) => map(t, false))],
      cursor: String(latest),
      head: Math.floor(Date.now() / 1000),
    };
  }

  /** TronGrid marks finality itself: a transfer counts once it appears among the solidified ones. */
  async check(transfer: CheckedTransfer): Promise<TransferCheck> {
    const confirmed = await this.transfers(transfer.blockNumber * 1000 - 1000, true);
    const found = confirmed.find((t) => t.transaction_id === transfer.txHash);
    const ok =
      found !== undefined && toMicro(BigInt(found.value), found.token_info?.decimals ?? 6) === transfer.micro;
    return {
      exists: ok,
      blockNumber: found ? Math.floor(found.block_timestamp / 1000) : 0,
      confirmations: ok ? this.confirmationsRequired : 0,
    };
  }
}
