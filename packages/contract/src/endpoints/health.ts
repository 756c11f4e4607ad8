import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const healthData = z.object({
  status: z.literal('ok'),
  database: z.object({
    reachable: z.boolean(),
    dialect: z.enum(['sqlite', 'postgres']),
    latency_ms: z.number(),
  }),
  version: z.string(),
  uptime_seconds: z.number().int(),
});

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary: 'Service health: the database is reachable',
  tags: ['system'],
  auth: false,
  data: healthData,
});
