import { APP_VERSION, healthApi } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { pingDatabase, type DatabaseHandle } from '../../db/connection.js';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/route.js';

const startedAt = Date.now();

/** Reports whether the database answers; 503 with 50001 when it does not (for load balancers and monitors). */
export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  registerEndpoint(app, healthApi.getHealth, async () => {
    const began = performance.now();
    const latency = () => Math.round((performance.now() - began) * 100) / 100;
    try {
      await pingDatabase(database.db);
    } catch (err) {
      throw new AppError(
        'DATABASE',
        { database: { reachable: false, dialect: database.dialect, latency_ms: latency() } },
        { cause: err, status: 503 },
      );
    }
    return {
      status: 'ok' as const,
      database: { reachable: true, dialect: database.dialect, latency_ms: latency() },
      version: APP_VERSION,
      uptime_seconds: Math.floor((Date.now() - startedAt) / 1000),
    };
  });
}
