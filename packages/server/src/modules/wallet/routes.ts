import { walletApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/route.js';
import type { WalletService } from './wallet-service.js';

export function walletRoutes(app: FastifyInstance, wallet: WalletService): void {
  registerEndpoint(app, walletApi.listLedger, ({ auth, query }) => wallet.ownLedger(auth.user.id, query));
  registerEndpoint(app, walletApi.balanceHistory, ({ auth, query }) =>
    wallet.balanceHistory(auth.user.id, query.days),
  );
}
