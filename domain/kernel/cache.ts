/**
 * Bounded in-memory caches, owned by the context (`ctx.caches`, made by
 * createCtx): a value here only saves a read or a decryption, so when one is
 * full it simply starts over instead of tracking what was used last.
 */

/** A map of at most `max` entries; emptied when a new key would pass that. */
export class BoundedCache<V> {
  readonly #map = new Map<string, V>();

  constructor(readonly max: number) {}

  get size(): number {
    return this.#map.size;
  }

  get(key: string): V | undefined {
    return this.#map.get(key);
  }

  set(key: string, value: V): void {
    if (this.#map.size >= this.max && !this.#map.has(key)) this.#map.clear();
    this.#map.set(key, value);
  }

  delete(key: string): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }
}

/**
 * A set of keys that holds for one time window (a number, e.g. a 10-minute
 * bucket): it empties when a later window is asked about, or when full.
 */
export class WindowSet {
  #window = -1;
  readonly #keys = new Set<string>();

  constructor(readonly max: number) {}

  has(window: number, key: string): boolean {
    this.#roll(window);
    return this.#keys.has(key);
  }

  add(window: number, key: string): void {
    this.#roll(window);
    if (this.#keys.size >= this.max) this.#keys.clear();
    this.#keys.add(key);
  }

  #roll(window: number) {
    if (window === this.#window) return;
    this.#keys.clear();
    this.#window = window;
  }
}

/**
 * A BoundedCache whose entries expire `ttlMs` after they were set (times from
 * the caller's clock, so tests with a manual clock see the same expiry). For
 * values that may be a little stale by the spec's own terms (a hosted form's
 * render, up to a minute), never for what security depends on.
 */
export class TtlCache<V> {
  readonly #map: BoundedCache<{ value: V; until: number }>;

  constructor(max: number, readonly ttlMs: number) {
    this.#map = new BoundedCache(max);
  }

  get(key: string, now: number): V | undefined {
    const e = this.#map.get(key);
    if (!e) return undefined;
    if (e.until <= now) {
      this.#map.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, now: number): void {
    this.#map.set(key, { value, until: now + this.ttlMs });
  }

  delete(key: string): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }
}
