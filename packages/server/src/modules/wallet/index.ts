import type { ModuleFactory } from '../../app-context.js';
import { walletRoutes } from './routes.js';

export const walletModule: ModuleFactory = (ctx) => ({
  routes: (api) => walletRoutes(api, ctx.services.wallet),
});
