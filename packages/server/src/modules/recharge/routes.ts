import { parseMoneyToFen, rechargeApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import type { CodeService } from './code-service.js';
import type { TopupQueries } from './topups.js';
import type { UsdtService } from './usdt-service.js';

const MOUNT = '/recharge';

/** Registered inside the /recharge scope, where every call needs a verified email address. */
export function rechargeRoutes(
  scope: FastifyInstance,
  services: { codes: CodeService; usdt: UsdtService; topups: TopupQueries },
): void {
  const codes = () => services.codes;

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
    ({ auth, query }) => services.topups.history(auth.user.id, query),
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

  registerEndpoint(scope, rechargeApi.stats, ({ auth }) => services.topups.stats(auth.user.id), MOUNT);
}
