import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChainConfig } from '../../config.js';
import { nowIso } from '../../db/time.js';
import type { Database } from '../../db/types.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { acquireLease } from '../../jobs/lease.js';
import { changeBalance } from '../wallet/ledger.js';
import { EvmSource } from './chains/evm-source.js';
import { TronSource } from './chains/tron-source.js';
import type { ChainSource, ObservedTransfer } from './chains/types.js';
import * as repo from './chain-repository.js';
import type { UsdtSettings } from './usdt-settings.js';

const LEASE = 'chain-watcher';

export function sourceFor(chain: ChainConfig): ChainSource {
  return chain.kind === 'evm' ? new EvmSource(chain) : new TronSource(chain);
}

/**
 * Reads every enabled chain and moves USDT orders: a matching transfer makes a pending order paid; once it has
 * enough confirmations (and is still in the chain) the order is confirmed and the balance credited, exactly once.
 * Expired orders time out. Transfers that match nothing, or arrive too late, are kept as unmatched/late for
 * operators. The scan cursor is persisted per network.
 */
export class ChainWatcher {
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    readonly sources: ChainSource[],
    private readonly log: FastifyBaseLogger,
    /** The operators' settings (address and confirmations of each network); the environment's when absent. */
    private readonly settings: UsdtSettings | null = null,
  ) {}

  /** Transfers an operator has to look at: they matched no order, or arrived after theirs expired. */
  needingOperator() {
    return repo.transfersNeedingOperator(this.db);
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    const run = () => {
      this.running ??= this.tickIfLeader()
        .catch((err: unknown) => this.log.error({ err }, 'chain watcher failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
    run();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tickIfLeader(): Promise<void> {
    if (await acquireLease(this.db, LEASE, this.holder, 120_000)) await this.tick();
  }

  /** One pass over every chain, then the expiry of unpaid orders. */
  async tick(): Promise<void> {
    const settings = this.settings ? await this.settings.current() : null;
    for (const source of this.sources) {
      const network = settings?.networks[source.network];
      // A network without an address in the settings is not offered; its last address is still read, so a late
      // payment to it is kept for operators.
      if (network?.address) source.apply({ address: network.address, confirmations: network.confirmations });
      try {
        await this.tickNetwork(source);
      } catch (err) {
        this.log.warn({ err, network: source.network }, 'chain scan failed; will retry');
      }
    }
    await this.expireOrders();
  }

  async tickNetwork(source: ChainSource): Promise<void> {
    const cursor = await repo.cursorOf(this.db, source.network);
    const scan = await source.scan(cursor);
    for (const transfer of scan.transfers) await this.record(source, transfer);
    await repo.saveCursor(this.db, source.network, scan.cursor);
    await this.advancePaid(source, scan.head);
  }

  /** Stores a transfer once (unique on network + tx + log index) and gives it to the order it pays, if any. */
  private async record(source: ChainSource, t: ObservedTransfer): Promise<void> {
    const existing = await repo.findTransfer(this.db, source.network, t.txHash, t.logIndex);
    if (existing && existing.status !== 'reorged') return;
    try {
      await this.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const paidAt = t.blockTime ?? now;
        const order =
          t.micro === null ? undefined : await repo.orderPaidBy(trx, source.network, t.micro, paidAt);
        const late =
          order === undefined && t.micro !== null
            ? await repo.closedOrderOf(trx, source.network, t.micro)
            : undefined;
        const values = {
          from_address: t.from,
          to_address: t.to,
          usdt_micro: t.micro ?? 0,
          block_number: t.blockNumber,
          block_hash: t.blockHash,
          block_time: t.blockTime,
          order_id: order?.id ?? late?.id ?? null,
          status: order ? ('matched' as const) : late ? ('late' as const) : ('unmatched' as const),
          updated_at: now,
        };
        const transferId = existing
          ? await repo.updateTransfer(trx, existing.id, values)
          : await repo.insertTransfer(trx, {
              network: source.network,
              tx_hash: t.txHash,
              log_index: t.logIndex,
              created_at: now,
              ...values,
            });
        if (order) {
          await repo.markOrderPaid(trx, order.id, { paidAt, txHash: t.txHash, transferId, now });
        } else {
          this.log.warn(
            { network: source.network, tx: t.txHash, micro: t.micro, late: Boolean(late) },
            'USDT transfer matches no open order: kept for operators',
          );
        }
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }

  /** Counts confirmations of paid orders; credits those that have enough, after checking the transfer is still there. */
  private async advancePaid(source: ChainSource, head: number): Promise<void> {
    const paid = await repo.paidOrders(this.db, source.network);
    for (const order of paid) {
      const check = await source.check(
        {
          txHash: order.tx_hash,
          logIndex: order.log_index,
          micro: order.usdt_micro,
          blockNumber: order.block_number,
        },
        head,
      );
      const now = nowIso();
      if (!check.exists) {
        if (source.network === 'TRC20') continue; // not solidified yet: wait
        // Reorged away before it was final: the order waits for a payment again (or times out), nothing is credited.
        await this.db.transaction().execute(async (trx) => {
          await repo.setTransferStatus(trx, order.transfer_id, 'reorged', now);
          await repo.unpayOrder(
            trx,
            order.id,
            order.expires_at && order.expires_at > now ? 'pending' : 'timeout',
            now,
          );
        });
        this.log.warn(
          { order: order.order_no, tx: order.tx_hash },
          'USDT payment left the chain (reorg) before it was final',
        );
        continue;
      }
      const confirmations = Math.max(0, check.confirmations);
      if (confirmations < source.confirmationsRequired) {
        await repo.setConfirmations(this.db, order.id, confirmations, now);
        if (check.blockNumber !== order.block_number)
          await repo.setTransferBlock(this.db, order.transfer_id, check.blockNumber, now);
        continue;
      }
      await this.db.transaction().execute(async (trx) => {
        if (!(await repo.confirmOrder(trx, order.id, confirmations, now))) return;
        await changeBalance(trx, {
          userId: order.user_id,
          deltaFen: order.amount_fen,
          kind: 'usdt_topup',
          reference: order.order_no,
          memo: order.tx_hash,
        });
        await repo.setTransferStatus(trx, order.transfer_id, 'credited', now);
      });
    }
  }

  async expireOrders(): Promise<number> {
    return repo.expireOrders(this.db, nowIso());
  }
}
