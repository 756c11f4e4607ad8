import { fenToString, walletApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import { fetchPage, toPage } from '../../lib/paginate.js';

export function walletRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.database.db;

  registerEndpoint(app, walletApi.listLedger, async ({ auth, query }) => {
    let base = db().selectFrom('ledger_entries').where('user_id', '=', auth.user.id);
    if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.direction) base = base.where('delta_fen', query.direction === 'in' ? '>' : '<', 0);
    const { rows, total } = await fetchPage(base, query, (qb) =>
      qb.selectAll().orderBy('id', 'desc').execute(),
    );
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
  });

  /** The balance at the end of each of the last `days` days, from the ledger (days without entries carry over). */
  registerEndpoint(app, walletApi.balanceHistory, async ({ auth, query }) => {
    const days = query.days;
    const start = new Date(Date.now() - (days - 1) * 86_400_000);
    const startDay = start.toISOString().slice(0, 10);
    const [before, rows] = await Promise.all([
      db()
        .selectFrom('ledger_entries')
        .select('balance_after_fen')
        .where('user_id', '=', auth.user.id)
        .where('created_at', '<', `${startDay}T00:00:00.000Z`)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
      db()
        .selectFrom('ledger_entries')
        .select(['created_at', 'balance_after_fen'])
        .where('user_id', '=', auth.user.id)
        .where('created_at', '>=', `${startDay}T00:00:00.000Z`)
        .orderBy('id')
        .execute(),
    ]);
    const endOfDay = new Map<string, number>();
    for (const r of rows) endOfDay.set(r.created_at.slice(0, 10), r.balance_after_fen);
    let balance = before?.balance_after_fen ?? 0;
    const out: { date: string; balance: string }[] = [];
    for (let i = 0; i < days; i++) {
      const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      balance = endOfDay.get(day) ?? balance;
      out.push({ date: day, balance: fenToString(balance) });
    }
    return out;
  });
}
