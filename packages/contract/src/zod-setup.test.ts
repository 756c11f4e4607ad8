import { afterAll, describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('builds and runs schemas without compiling code, though zod was not loaded when it was set', async () => {
    vi.stubGlobal('document', {});
    await import('./zod-setup.js');
    const compile = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ a: z.string(), b: z.number().int() });
    expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    expect(compile).not.toHaveBeenCalled();
  });
});
