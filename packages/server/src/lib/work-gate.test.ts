import { describe, expect, it } from 'vitest';
import { WorkGate } from './work-gate.js';

/** A piece of work that ends when told to. */
function task() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: () => done };
}

describe('WorkGate', () => {
  it('runs at most `concurrency` at once, queues up to `queue`, refuses the rest at once', async () => {
    const gate = new WorkGate(2, 1, () => new Error('full'));
    const [a, b, c, d] = [task(), task(), task(), task()];
    const started: string[] = [];
    const runA = gate.run(() => (started.push('a'), a.work()));
    const runB = gate.run(() => (started.push('b'), b.work()));
    const runC = gate.run(() => (started.push('c'), c.work()));
    await expect(gate.run(() => (started.push('d'), d.work()))).rejects.toThrow('full');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });

    a.finish();
    await runA;
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b', 'c']);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });

    b.finish();
    c.finish();
    await Promise.all([runB, runC]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const gate = new WorkGate(1, 0, () => new Error('full'));
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve(7))).resolves.toBe(7);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('admits waiting work when it grows', async () => {
    const gate = new WorkGate(1, 5, () => new Error('full'));
    const [a, b] = [task(), task()];
    const started: string[] = [];
    void gate.run(() => (started.push('a'), a.work()));
    const runB = gate.run(() => (started.push('b'), b.work()));
    await Promise.resolve();
    expect(started).toEqual(['a']);
    gate.resize(2, 5);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a', 'b']);
    a.finish();
    b.finish();
    await runB;
  });
});
