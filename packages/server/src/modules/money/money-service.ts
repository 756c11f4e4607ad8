import { fenToString, type Locale, type Network, type TopupStatus } from '@portal/contract';
import {
  type AdminLedgerEntry,
  type AdminOrder,
  type AdminTopup,
  type AdminTransfer,
  type UserTopup,
} from '@portal/contract/admin';
import type { Db } from '../../db/types.js';
import { csvField } from '../audit/audit-service.js';
import { microToString } from '../recharge/topups.js';
import { packageText } from '../subscriptions/mapping.js';
import { toAdminTransfer } from '../recharge/transfer-desk.js';
import * as repo from './repository.js';
import type { TRANSFER_VIEW_STATUSES } from './transfer-views.js';

/** How many rows an export reads at a time (it streams the whole filtered list, a batch after another). */
const EXPORT_BATCH = 1000;

type WithUser = { user?: string | undefined };
export type LedgerQuery = Omit<repo.LedgerFilter, 'user_id'> & WithUser;
export type OrderQuery = Omit<repo.OrderFilter, 'user_id'> & WithUser;
/** The package names' language (the caller's). */
type InLocale = { locale?: Locale };

const signed = (fen: number) => (fen > 0 ? `+${fenToString(fen)}` : fenToString(fen));

type LedgerRow = Awaited<ReturnType<typeof repo.ledgerPage>>[number];
type OrderRow = Awaited<ReturnType<typeof repo.ordersPage>>[number];
type TopupRow = Awaited<ReturnType<typeof repo.topupsPage>>[number];

function toLedgerEntry(r: LedgerRow): AdminLedgerEntry {
  return {
    id: r.id,
    user_id: r.user_id,
    user_email: r.user_email,
    kind: r.kind,
    delta: signed(Number(r.delta_fen)),
    balance_after: fenToString(Number(r.balance_after_fen)),
    reference: r.reference,
    memo: r.memo,
    created_at: r.created_at,
  };
}

function toOrder(r: OrderRow, locale: Locale): AdminOrder {
  return {
    id: r.id,
    order_no: r.order_no,
    user_id: r.user_id,
    user_email: r.user_email,
    subscription_id: r.subscription_id,
    package_id: r.package_id,
    package_name: packageText(
      { name: r.package_name, description: r.description, translations: r.translations },
      locale,
    ).name,
    kind: r.kind,
    amount: fenToString(Number(r.amount_fen)),
    status: r.status,
    created_at: r.created_at,
  };
}

const LEDGER_COLUMNS = [
  'id',
  'created_at',
  'user_id',
  'user_email',
  'kind',
  'delta',
  'balance_after',
  'reference',
  'memo',
] as const satisfies readonly (keyof AdminLedgerEntry)[];
const ORDER_COLUMNS = [
  'id',
  'created_at',
  'order_no',
  'user_id',
  'user_email',
  'kind',
  'package_id',
  'package_name',
  'subscription_id',
  'amount',
  'status',
] as const satisfies readonly (keyof AdminOrder)[];

/** The console's money lists across users: pages after a cursor and CSV exports with the same filters. */
export class MoneyQueries {
  constructor(
    private readonly db: Db,
    private readonly confirmationsFor: (network: string | null) => number | null,
    private readonly currentRate: () => Promise<string>,
  ) {}

  /** The user filter as an id; null when nobody matches (the list is then empty). */
  private async userId(user: string | undefined): Promise<number | undefined | null> {
    return user === undefined ? undefined : repo.userIdOf(this.db, user);
  }

  async ledger(query: LedgerQuery, before: number | undefined, size: number) {
    const { user, ...rest } = query;
    const userId = await this.userId(user);
    if (userId === null) return { items: [], next_before: null };
    const cursor = before === undefined ? undefined : await repo.ledgerCursor(this.db, before);
    if (before !== undefined && !cursor) return { items: [], next_before: null };
    const rows = await repo.ledgerPage(this.db, { ...rest, user_id: userId }, cursor, size + 1);
    const items = rows.slice(0, size).map(toLedgerEntry);
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }

  async orders(query: OrderQuery & InLocale, before: number | undefined, size: number) {
    const { user, locale = 'zh_CN', ...rest } = query;
    const userId = await this.userId(user);
    if (userId === null) return { items: [], next_before: null };
    const cursor = before === undefined ? undefined : await repo.orderCursor(this.db, before);
    if (before !== undefined && !cursor) return { items: [], next_before: null };
    const rows = await repo.ordersPage(this.db, { ...rest, user_id: userId }, cursor, size + 1);
    const items = rows.slice(0, size).map((r) => toOrder(r, locale));
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }

  private async *csv<T>(
    columns: readonly (keyof T & string)[],
    page: (before: number | undefined) => Promise<{ items: T[]; next_before: number | null }>,
  ): AsyncGenerator<string> {
    yield `\uFEFF${columns.join(',')}\r\n`;
    let before: number | undefined;
    for (;;) {
      const { items, next_before } = await page(before);
      if (items.length > 0)
        yield items
          .map(
            (item) =>
              `${columns.map((c) => csvField((item[c] as string | number | null | undefined) ?? null)).join(',')}\r\n`,
          )
          .join('');
      if (next_before === null) return;
      before = next_before;
    }
  }

  ledgerCsv(query: LedgerQuery): AsyncGenerator<string> {
    return this.csv(LEDGER_COLUMNS, (before) => this.ledger(query, before, EXPORT_BATCH));
  }

  ordersCsv(query: OrderQuery & InLocale): AsyncGenerator<string> {
    return this.csv(ORDER_COLUMNS, (before) => this.orders(query, before, EXPORT_BATCH));
  }

  async topups(
    query: { user?: string | undefined; status?: TopupStatus | undefined; network?: Network | undefined },
    before: number | undefined,
    size: number,
  ): Promise<{ items: AdminTopup[]; next_before: number | null }> {
    const { user, ...rest } = query;
    const userId = await this.userId(user);
    if (userId === null) return { items: [], next_before: null };
    const rows = await repo.topupsPage(this.db, { ...rest, user_id: userId }, before, size + 1);
    const items = rows.slice(0, size).map((r) => this.toTopup(r));
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }

  /** One account's top-ups, USDT orders and redeemed codes, newest first (its page in the console). */
  async userTopups(
    userId: number,
    before: number | undefined,
    size: number,
  ): Promise<{ items: UserTopup[]; next_before: number | null }> {
    const rows = await repo.topupsPage(this.db, { user_id: userId, methods: 'all' }, before, size + 1);
    const items = rows
      .slice(0, size)
      .map((r) => ({ ...this.toTopup(r), method: r.method, code: r.code ?? null }));
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }

  private toTopup(r: TopupRow): AdminTopup {
    return {
      id: r.id,
      order_no: r.order_no,
      user_id: r.user_id,
      user_email: r.user_email,
      amount: fenToString(Number(r.amount_fen)),
      usdt_amount: r.usdt_micro === null ? null : microToString(Number(r.usdt_micro)),
      network: r.network,
      address: r.address,
      rate: r.rate,
      status: r.status,
      tx_hash: r.tx_hash,
      confirmations: r.confirmations,
      confirmations_required: this.confirmationsFor(r.network),
      transfer_status: r.transfer_status,
      expires_at: r.expires_at,
      paid_at: r.paid_at,
      completed_at: r.completed_at,
      created_at: r.created_at,
    };
  }

  async transfers(
    query: { view: keyof typeof TRANSFER_VIEW_STATUSES; network?: Network | undefined },
    before: number | undefined,
    size: number,
  ): Promise<{ items: AdminTransfer[]; next_before: number | null }> {
    const rate = await this.currentRate();
    const rows = await repo.transfersPage(this.db, query, before, size + 1);
    const items = rows.slice(0, size).map((r) => toAdminTransfer(r, rate));
    return { items, next_before: rows.length > size ? items.at(-1)!.id : null };
  }
}
