/** The baseline of bench/run.ts: a bare Fastify route answering a small JSON envelope, in its own process. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', () => ({
  code: 20000,
  message: 'ok',
  data: { items: [{ id: 1, email: 'a@example.com' }] },
}));
// The same route sending N bytes (the size of a /sub answer): what the framework and the load generator can do with
// that much to write and read, as context for the /sub rows.
const bodies = new Map<number, Buffer>();
app.get<{ Params: { n: string } }>('/bytes/:n', (request, reply) => {
  const n = Math.min(Number(request.params.n) || 0, 10_000_000);
  let body = bodies.get(n);
  if (!body) bodies.set(n, (body = Buffer.alloc(n, 'x')));
  return reply.type('text/plain; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT ?? 4791) });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
