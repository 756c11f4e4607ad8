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
  ) {}

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
    for (const source of this.sources) {
      try {
        await this.tickNetwork(source);
      } catch (err) {
        this.log.warn({ err, network: source.network }, 'chain scan failed; will retry');
      }
    }
    await this.expireOrders();
  }

  async tickNetwork(source: ChainSource): Promise<void> {
    const cursorRow = await this.db
      .selectFrom('chain_cursors')
      .select('position')
      .where('network', '=', source.network)
      .executeTakeFirst();
    const scan = await source.scan(cursorRow?.position ?? null);
    for (const transfer of scan.transfers) await this.record(source, transfer);
    await this.db
      .insertInto('chain_cursors')
      .values({ network: source.network, position: scan.cursor, updated_at: nowIso() })
      .onConflict((oc) => oc.column('network').doUpdateSet({ position: scan.cursor, updated_at: nowIso() }))
      .execute();
    await this.advancePaid(source, scan.head);
  }

  /** Stores a transfer once (unique on network + tx + log index) and gives it to the order it pays, if any. */
  private async record(source: ChainSource, t: ObservedTransfer): Promise<void> {
    const existing = await this.db
      .selectFrom('chain_transfers')
      .selectAll()
      .where('network', '=', source.network)
      .where('tx_hash', '=', t.txHash)
      .where('log_index', '=', t.logIndex)
      .executeTakeFirst();
    if (existing && existing.status !== 'reorged') return;
    try {
      await this.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const paidAt = t.blockTime ?? now;
        const order =
          t.micro === null
            ? undefined
            : await trx
                .selectFrom('recharge_orders')
                .selectAll()
                .where('method', '=', 'usdt')
                .where('network', '=', source.network)
                .where('usdt_micro', '=', t.micro)
                .where((eb) =>
                  eb.or([
                    eb('status', '=', 'pending'),
                    eb.and([eb('status', '=', 'timeout'), eb('expires_at', '>=', paidAt)]),
                  ]),
                )
                .orderBy('id')
                .executeTakeFirst();
        const late =
          order === undefined && t.micro !== null
            ? await trx
                .selectFrom('recharge_orders')
                .select('id')
                .where('method', '=', 'usdt')
                .where('network', '=', source.network)
                .where('usdt_micro', '=', t.micro)
                .where('status', 'in', ['timeout', 'canceled'])
                .executeTakeFirst()
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
          ? (
              await trx
                .updateTable('chain_transfers')
                .set(values)
                .where('id', '=', existing.id)
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id
          : (
              await trx
                .insertInto('chain_transfers')
                .values({
                  network: source.network,
                  tx_hash: t.txHash,
                  log_index: t.logIndex,
                  created_at: now,
                  ...values,
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
        if (order) {
          await trx
            .updateTable('recharge_orders')
            .set({
              status: 'paid',
              paid_at: paidAt,
              tx_hash: t.txHash,
              transfer_id: transferId,
              confirmations: 0,
              updated_at: now,
            })
            .where('id', '=', order.id)
            .where('status', 'in', ['pending', 'timeout'])
            .execute();
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
    const paid = await this.db
      .selectFrom('recharge_orders as o')
      .innerJoin('chain_transfers as t', 't.id', 'o.transfer_id')
      .select([
        'o.id',
        'o.order_no',
        'o.user_id',
        'o.amount_fen',
        'o.expires_at',
        't.id as transfer_id',
        't.tx_hash',
        't.log_index',
        't.usdt_micro',
        't.block_number',
      ])
      .where('o.status', '=', 'paid')
      .where('o.network', '=', source.network)
      .execute();
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
          await trx
            .updateTable('chain_transfers')
            .set({ status: 'reorged', updated_at: now })
            .where('id', '=', order.transfer_id)
            .execute();
          await trx
            .updateTable('recharge_orders')
            .set({
              status: order.expires_at && order.expires_at > now ? 'pending' : 'timeout',
              paid_at: null,
              tx_hash: null,
              transfer_id: null,
              confirmations: 0,
              updated_at: now,
            })
            .where('id', '=', order.id)
            .where('status', '=', 'paid')
            .execute();
        });
        this.log.warn(
          { order: order.order_no, tx: order.tx_hash },
          'USDT payment left the chain (reorg) before it was final',
        );
        continue;
      }
      const confirmations = Math.max(0, check.confirmations);
      if (confirmations < source.confirmationsRequired) {
        await this.db
          .updateTable('recharge_orders')
          .set({ confirmations, updated_at: now })
          .where('id', '=', order.id)
          .where('status', '=', 'paid')
          .execute();
        if (check.blockNumber !== order.block_number) {
          await this.db
            .updateTable('chain_transfers')
            .set({ block_number: check.blockNumber, updated_at: now })
            .where('id', '=', order.transfer_id)
            .execute();
        }
        continue;
      }
      await this.db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('recharge_orders')
          .set({ status: 'confirmed', confirmations, completed_at: now, updated_at: now })
          .where('id', '=', order.id)
          .where('status', '=', 'paid')
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return;
        await changeBalance(trx, {
          userId: order.user_id,
          deltaFen: order.amount_fen,
          kind: 'usdt_topup',
          reference: order.order_no,
          memo: order.tx_hash,
        });
        await trx
          .updateTable('chain_transfers')
          .set({ status: 'credited', updated_at: now })
          .where('id', '=', order.transfer_id)
          .execute();
      });
    }
  }

  async expireOrders(): Promise<number> {
    const now = nowIso();
    const result = await this.db
      .updateTable('recharge_orders')
      .set({ status: 'timeout', updated_at: now })
      .where('method', '=', 'usdt')
      .where('status', '=', 'pending')
      .where('expires_at', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
