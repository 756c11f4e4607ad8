import { vi } from 'vitest';

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown; raw?: string; contentType?: string } | 'network-error';

/** A fake `fetch`: the browser's network is the boundary; `route` answers each call. */
export function installFakeFetch(route: (call: FakeCall, index: number) => Reply | Promise<Reply>) {
  const calls: FakeCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FakeCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const reply = await route(call, calls.length - 1);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const text = reply.raw ?? JSON.stringify(reply.body ?? null);
    return new Response(text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': reply.contentType ?? 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export function ok(data: unknown) {
  return { status: 200, body: { code: 20000, message: 'ok', data } };
}

export function fail(status: number, code: number, message = 'server says no', data: unknown = null) {
  return { status, body: { code, message, data } };
}
