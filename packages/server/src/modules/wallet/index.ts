import type { ModuleFactory } from '../../app-context.js';
import { walletRoutes } from './routes.js';

export const walletModule: ModuleFactory = () => ({
  routes: (api) => walletRoutes(api),
});
