import type { ModuleFactory } from '../../app-context.js';
import { userRoutes } from './routes.js';

export const usersModule: ModuleFactory = () => ({
  routes: (api) => userRoutes(api),
});
