import { randomUUID } from 'node:crypto';
import { fenToString, type LedgerKind } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { toPage, type PageQuery } from '../../lib/paginate.js';
import { changeBalance, checkLedger, type LedgerMismatch } from './ledger.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;

/** What the user sees of their wallet: the ledger and the balance over time. */
export class WalletService {
  constructor(private readonly db: Kysely<Database>) {}

  async ledger(
    userId: number,
    query: PageQuery & { kind?: LedgerKind | undefined; direction?: 'in' | 'out' | undefined },
  ) {
    const { rows, total } = await repo.pageOfEntries(this.db, userId, query);
    const items = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      delta: `${r.delta_fen > 0 ? '+' : ''}${fenToString(r.delta_fen)}`,
      balance_after: fenToString(r.balance_after_fen),
      reference: r.reference,
      memo: r.memo,
      created_at: r.created_at,
    }));
    return toPage(items, total, query);
  }

  /**
   * The ledger as its owner sees it: a manual adjustment's reference is the staff action's own id, nothing the
   * customer can look up, so it is left out (its reason, the memo, is what they are shown).
   */
  async ownLedger(userId: number, query: Parameters<WalletService['ledger']>[1]) {
    const page = await this.ledger(userId, query);
    return {
      ...page,
      items: page.items.map((e) => (e.kind === 'admin_adjust' ? { ...e, reference: '' } : e)),
    };
  }

  /** The balance at the end of each of the last `days` days, from the ledger (days without entries carry over). */
  async balanceHistory(userId: number, days: number): Promise<{ date: string; balance: string }[]> {
    const start = new Date(Date.now() - (days - 1) * DAY_MS);
    const from = `${start.toISOString().slice(0, 10)}T00:00:00.000Z`;
    const [before, rows] = await Promise.all([
      repo.balanceBefore(this.db, userId, from),
      repo.balancesSince(this.db, userId, from),
    ]);
    const endOfDay = new Map<string, number>();
    for (const r of rows) endOfDay.set(r.created_at.slice(0, 10), r.balance_after_fen);
    let balance = before ?? 0;
    const out: { date: string; balance: string }[] = [];
    for (let i = 0; i < days; i++) {
      const day = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
      balance = endOfDay.get(day) ?? balance;
      out.push({ date: day, balance: fenToString(balance) });
    }
    return out;
  }

  // ---- operators (the CLI) ----

  /** Credits (or, negative, debits) a balance through the ledger; the new balance in fen. */
  adjust(userId: number, deltaFen: number, memo: string | null): Promise<number> {
    return this.db.transaction().execute((trx) =>
      changeBalance(trx, {
        userId,
        deltaFen,
        kind: 'admin_adjust',
        reference: `cli:${randomUUID()}`,
        memo,
      }),
    );
  }

  /** Every account whose balance is not the sum of its ledger (empty: the books balance). */
  checkBooks(): Promise<LedgerMismatch[]> {
    return checkLedger(this.db);
  }
}
