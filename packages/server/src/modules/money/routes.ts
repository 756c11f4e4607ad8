import { Readable } from 'node:stream';
import { moneyApi, userAdminApi } from '@portal/contract/admin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerStaffEndpoint } from '../../lib/route.js';
import type { TransferDesk } from '../recharge/transfer-desk.js';
import type { RefundService } from '../subscriptions/refunds.js';
import type { UsdtSettings } from '../recharge/usdt-settings.js';
import type { CodeBatches } from '../recharge/code-batches.js';
import type { MoneyQueries } from './money-service.js';

async function sendCsv(reply: FastifyReply, name: string, lines: AsyncGenerator<string>): Promise<''> {
  const day = new Date().toISOString().slice(0, 10);
  await reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
  return '';
}

/** Orders and money in the operators' console. */
export function adminMoneyRoutes(
  admin: FastifyInstance,
  s: {
    money: MoneyQueries;
    transfers: TransferDesk;
    refunds: RefundService;
    usdtSettings: UsdtSettings;
    codeBatches: CodeBatches;
  },
): void {
  registerStaffEndpoint(admin, moneyApi.listOrders, ({ query, request }) => {
    const { before, size, ...filter } = query;
    return s.money.orders({ ...filter, locale: request.locale }, before, size);
  });
  registerStaffEndpoint(admin, moneyApi.exportOrders, ({ query, reply, request }) =>
    sendCsv(reply, 'orders', s.money.ordersCsv({ ...query, locale: request.locale })),
  );
  registerStaffEndpoint(admin, moneyApi.listLedger, ({ query }) => {
    const { before, size, ...filter } = query;
    return s.money.ledger(filter, before, size);
  });
  registerStaffEndpoint(admin, moneyApi.exportLedger, ({ query, reply }) =>
    sendCsv(reply, 'ledger', s.money.ledgerCsv(query)),
  );
  registerStaffEndpoint(admin, moneyApi.listTopups, ({ query }) => {
    const { before, size, ...filter } = query;
    return s.money.topups(filter, before, size);
  });
  registerStaffEndpoint(admin, userAdminApi.topups, ({ params, query }) =>
    s.money.userTopups(params.id, query.before, query.size),
  );
  registerStaffEndpoint(admin, moneyApi.listTransfers, ({ query }) => {
    const { before, size, ...filter } = query;
    return s.money.transfers(filter, before, size);
  });
  registerStaffEndpoint(admin, moneyApi.creditTransfer, ({ params, body, actor }) =>
    s.transfers.credit(actor, params.id, body.user_id, body.note),
  );
  registerStaffEndpoint(admin, moneyApi.ignoreTransfer, ({ params, body, actor }) =>
    s.transfers.ignore(actor, params.id, body.note),
  );
  registerStaffEndpoint(admin, moneyApi.refundPreview, ({ params }) => s.refunds.preview(params.id));
  registerStaffEndpoint(admin, moneyApi.refundOrder, ({ params, body, actor }) =>
    s.refunds.refund(actor, params.id, body.note),
  );
  registerStaffEndpoint(admin, moneyApi.getUsdtSettings, () => s.usdtSettings.view());
  registerStaffEndpoint(admin, moneyApi.saveUsdtSettings, ({ body, actor }) =>
    s.usdtSettings.save(actor, body),
  );
  registerStaffEndpoint(admin, moneyApi.listCodeBatches, ({ query }) =>
    s.codeBatches.page(query.before, query.size),
  );
  registerStaffEndpoint(admin, moneyApi.createCodeBatch, ({ body, actor }) =>
    s.codeBatches.create(actor, body),
  );
  registerStaffEndpoint(admin, moneyApi.setBatchStatus, ({ params, body, actor }) =>
    s.codeBatches.setBatchStatus(actor, params.id, body.action),
  );
  registerStaffEndpoint(admin, moneyApi.exportCodeBatch, async ({ params, reply }) => {
    const { name, lines } = await s.codeBatches.csv(params.id);
    return sendCsv(reply, name, lines);
  });
  registerStaffEndpoint(admin, moneyApi.listCodes, ({ query }) => {
    const { before, size, ...filter } = query;
    return s.codeBatches.codes(filter, before, size);
  });
  registerStaffEndpoint(admin, moneyApi.setCodeStatus, ({ params, body, actor }) =>
    s.codeBatches.setCodeStatus(actor, params.id, body.action),
  );
}
