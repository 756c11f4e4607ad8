import type { ModuleFactory } from '../../app-context.js';
import { adminMoneyRoutes } from './routes.js';

/** Orders and money in the operators' console: lists across users, USDT transfers, refunds. */
export const moneyModule: ModuleFactory = (ctx) => ({
  adminRoutes: (admin) => adminMoneyRoutes(admin, ctx.services),
});
