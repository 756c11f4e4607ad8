import type { LedgerKind } from '@portal/contract';
import type { Generated, Selectable } from 'kysely';

/** The ledger (modules/wallet); balances are users.balance_fen, changed only with a ledger row. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  kind: LedgerKind;
  delta_fen: number;
  balance_after_fen: number;
  reference: string;
  memo: string | null;
  created_at: string;
}

export interface WalletTables {
  ledger_entries: LedgerEntriesTable;
}

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
