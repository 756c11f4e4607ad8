import type { ModuleFactory } from '../../app-context.js';
import { deliveryRoutes } from './routes.js';

export const deliveryModule: ModuleFactory = () => ({
  rootRoutes: (app) => deliveryRoutes(app),
});
