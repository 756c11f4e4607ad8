import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isLeanRoute, LEAN_ROUTE, registerLeanRoutes } from './lean-route.js';

describe('isLeanRoute', () => {
  it('tells a lean route from another and reads the route options once per request', async () => {
    const app = Fastify();
    registerLeanRoutes(app);
    let reads = 0;
    app.addHook('onRequest', async (request) => {
      let proto: object | null = Object.getPrototypeOf(request);
      while (proto && !Object.getOwnPropertyDescriptor(proto, 'routeOptions'))
        proto = Object.getPrototypeOf(proto);
      const descriptor = Object.getOwnPropertyDescriptor(proto!, 'routeOptions');
      Object.defineProperty(request, 'routeOptions', {
        get() {
          reads += 1;
          return descriptor!.get!.call(request);
        },
      });
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-lean', String(isLeanRoute(request)));
      reply.header('x-lean-again', String(isLeanRoute(request)));
    });
    app.get('/lean', LEAN_ROUTE, async () => 'lean');
    app.get('/plain', async () => 'plain');
    const lean = await app.inject({ url: '/lean' });
    expect([lean.headers['x-lean'], lean.headers['x-lean-again'], reads]).toEqual(['true', 'true', 1]);
    const plain = await app.inject({ url: '/plain' });
    expect([plain.headers['x-lean'], plain.headers['x-lean-again'], reads]).toEqual(['false', 'false', 2]);
    await app.close();
  });
});
