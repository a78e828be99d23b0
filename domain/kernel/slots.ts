/**
 * A counting semaphore: at most `size` holders of a slot at once, the rest
 * waiting in arrival order. The context holds one for outbound webhook POSTs
 * (`ctx.webhookPosts`), so a burst of fan-out jobs does not open hundreds of
 * connections at once (each with its own buffers: the memory peak of a
 * fan-out burst, docs/performance.md "Webhook fan-out").
 */
export class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(readonly size: number) {
    this.#free = size;
  }

  /** Holders now. */
  get busy(): number {
    return this.size - this.#free;
  }

  /** Callers waiting for a slot now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `fn` in a slot, once one is free. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((r) => this.#waiting.push(r));
    try {
      return await fn();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
