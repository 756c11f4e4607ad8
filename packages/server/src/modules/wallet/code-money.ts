import type { LedgerKind } from '@portal/contract';
import type { Db } from '../../db/types.js';
import * as repo from './repository.js';

/**
 * How much of a debit was paid with recharge-code money (never refunded, terms of service). The user's ledger is
 * replayed in order with two pools: credits of kind `code_redeem` fill the code pool, every other credit the cash
 * pool; every debit takes from the code pool first, then from the cash pool. The code-paid part of the debit
 * `(kind, reference)` is what it took from the code pool. Spending code money first is the reading least
 * favourable to a refund, so code money is never refunded through a payment made partly with it.
 * Returns null when there is no such debit.
 */
export async function codePaidPart(
  db: Db,
  userId: number,
  kind: LedgerKind,
  reference: string,
): Promise<{ paidFen: number; codeFen: number } | null> {
  const entry = await repo.entryOf(db, kind, reference);
  if (!entry || entry.user_id !== userId || entry.delta_fen >= 0) return null;
  let code = 0;
  let taken = 0;
  for (const row of await repo.entriesUpTo(db, userId, entry.id)) {
    const delta = Number(row.delta_fen);
    if (delta > 0) {
      if (row.kind === 'code_redeem') code += delta;
      continue;
    }
    taken = Math.min(code, -delta);
    code -= taken;
  }
  return { paidFen: -Number(entry.delta_fen), codeFen: taken };
}
