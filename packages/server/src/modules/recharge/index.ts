import type { ModuleFactory } from '../../app-context.js';
import { rechargeRoutes } from './routes.js';

export const rechargeModule: ModuleFactory = (ctx) => {
  const { codes, usdt, topups, watcher } = ctx.services;
  const { chains, pollSeconds } = ctx.config.usdt;
  return {
    restricted: { '/recharge': (scope) => rechargeRoutes(scope, { codes, usdt, topups }) },
    jobs: [
      chains.length > 0
        ? { start: () => watcher.start(pollSeconds * 1000), stop: () => watcher.stop() }
        : { start: () => undefined, stop: () => watcher.stop() },
    ],
  };
};
