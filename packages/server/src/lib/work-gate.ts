/**
 * Bounded concurrency with a short queue: at most `concurrency` pieces of work run at once, at most `queue` wait,
 * and work arriving beyond that is refused at once (`full()` is thrown, the work never runs) instead of waiting
 * behind everyone. A finished piece hands its slot straight to the oldest waiting one.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private concurrency: number,
    private queue: number,
    private readonly full: () => Error,
  ) {}

  /** Changes the bounds (operators' tuning, tests); work already admitted keeps its place. */
  resize(concurrency: number, queue: number): void {
    this.concurrency = Math.max(1, concurrency);
    this.queue = Math.max(0, queue);
    while (this.running < this.concurrency && this.waiting.length > 0) {
      this.running++;
      this.waiting.shift()!();
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length < this.queue)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw this.full();
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
