/** The baseline of bench/run.ts: a bare Fastify route answering a small JSON envelope, in its own process. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', () => ({
  code: 20000,
  message: 'ok',
  data: { items: [{ id: 1, email: 'a@example.com' }] },
}));
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT ?? 4791) });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
