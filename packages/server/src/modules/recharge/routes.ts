import { fenToString, parseMoneyToFen, rechargeApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerEndpoint } from '../../lib/route.js';
import type { CodeService } from './code-service.js';
import { listTopups } from './topups.js';
import type { UsdtService } from './usdt-service.js';

const MOUNT = '/recharge';

/** Registered inside the /recharge scope, where every call needs a verified e-mail address. */
export function rechargeRoutes(
  scope: FastifyInstance,
  services: { codes: CodeService; usdt: UsdtService },
): void {
  const codes = () => services.codes;
  const db = () => scope.ctx.database.db;

  registerEndpoint(
    scope,
    rechargeApi.generateCodes,
    ({ auth, body }) => codes().generate(auth.user, body.quantity, parseMoneyToFen(body.amount)),
    MOUNT,
  );
  registerEndpoint(
    scope,
    rechargeApi.useCode,
    ({ auth, body, request }) => codes().redeem(auth.user, body.code, request.ip),
    MOUNT,
  );
  registerEndpoint(
    scope,
    rechargeApi.listCodes,
    ({ auth, query }) => codes().list(auth.user.id, query.status, query.page, query.size),
    MOUNT,
  );

  scope.get(
    rechargeApi.EXPORT_CODES_PATH.slice(MOUNT.length),
    { schema: { hide: true } },
    async (request, reply) => {
      const status = (request.query as { status?: string }).status;
      const parsed = rechargeApi.codeStatusSchema.safeParse(status);
      const csv = await codes().exportCsv(request.auth!.user.id, parsed.success ? parsed.data : undefined);
      const date = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="recharge-codes-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(`\uFEFF${csv}`);
    },
  );

  const usdt = () => services.usdt;
  registerEndpoint(
    scope,
    rechargeApi.history,
    ({ auth, query }) => listTopups(db(), auth.user.id, query, usdt().confirmationsFor),
    MOUNT,
  );
  registerEndpoint(scope, rechargeApi.listChains, async () => usdt().chains(), MOUNT);
  registerEndpoint(scope, rechargeApi.getConfigs, async () => usdt().configs(), MOUNT);
  registerEndpoint(scope, rechargeApi.getExchangeRates, () => usdt().exchangeRate(), MOUNT);
  registerEndpoint(
    scope,
    rechargeApi.createUsdtOrder,
    ({ auth, body }) => usdt().create(auth.user, body.amount, body.network),
    MOUNT,
  );
  registerEndpoint(
    scope,
    rechargeApi.getUsdtOrder,
    ({ auth, params }) => usdt().get(auth.user.id, params.id),
    MOUNT,
  );
  registerEndpoint(
    scope,
    rechargeApi.cancelUsdtOrder,
    ({ auth, params }) => usdt().cancel(auth.user.id, params.id),
    MOUNT,
  );

  registerEndpoint(
    scope,
    rechargeApi.stats,
    async ({ auth }) => {
      const userId = auth.user.id;
      const [orders, generated, used] = await Promise.all([
        db()
          .selectFrom('recharge_orders')
          .where('user_id', '=', userId)
          .select([
            sql<number>`coalesce(sum(case when status = 'confirmed' then amount_fen else 0 end), 0)`.as(
              'total',
            ),
            sql<number>`coalesce(sum(case when status = 'confirmed' and method = 'usdt' then amount_fen else 0 end), 0)`.as(
              'usdt',
            ),
            sql<number>`coalesce(sum(case when status = 'confirmed' and method = 'code' then amount_fen else 0 end), 0)`.as(
              'code',
            ),
            sql<number>`count(case when status = 'confirmed' then 1 end)`.as('topups'),
            sql<number>`count(case when status in ('pending', 'paid') then 1 end)`.as('pending'),
          ])
          .executeTakeFirstOrThrow(),
        db()
          .selectFrom('recharge_codes')
          .where('generated_by', '=', userId)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        db()
          .selectFrom('recharge_codes')
          .where('generated_by', '=', userId)
          .where('status', '=', 'used')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total_recharged: fenToString(Number(orders.total)),
        usdt_total: fenToString(Number(orders.usdt)),
        code_total: fenToString(Number(orders.code)),
        topups: Number(orders.topups),
        pending_orders: Number(orders.pending),
        codes_generated: Number(generated.n),
        codes_used: Number(used.n),
      };
    },
    MOUNT,
  );
}
