/**
 * In-process keyed mutex. Writers of one hot record (a site's send window, an
 * account's quota, a site or form being edited) take turns within this
 * process, so that concurrent requests queue instead of failing each other's
 * versionstamp checks over and over. It is only an optimisation: the checks
 * still guard against other threads and processes.
 *
 * The table is the context's (`ctx.locks`, made by createCtx), so two
 * services in one process (tests) never wait for each other.
 */
export class LockTable {
  readonly #tails = new Map<string, Promise<void>>();

  /** Keys held or waited for right now. */
  get size(): number {
    return this.#tails.size;
  }

  /** Runs `fn` when every earlier holder of `key` is done; `waited` tells whether it had to wait. */
  async run<T>(key: string, fn: (waited: boolean) => Promise<T>): Promise<T> {
    const prev = this.#tails.get(key);
    let release!: () => void;
    const mine = new Promise<void>((r) => release = r);
    const tail = prev ? prev.then(() => mine) : mine;
    this.#tails.set(key, tail);
    if (prev) await prev;
    try {
      return await fn(prev !== undefined);
    } finally {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }
}
