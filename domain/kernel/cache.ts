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
