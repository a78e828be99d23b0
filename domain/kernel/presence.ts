/**
 * Presence: which service instances share this database, so that an instance
 * may answer the API key check from memory only while it is the only one.
 *
 * Local Deno KV's `watch` does not see another process's writes, so a key
 * revoked or a site disabled by another process cannot be pushed to this one.
 * Instead every serving instance (`join`) keeps a record in KV that it renews
 * every POLL_MS, and lists the records in the same round. This instance is
 * `alone()` while its last accepted round, started less than FRESH_MS ago
 * (monotonic clock, read at request time), listed no one else. `epoch` moves
 * whenever a cached answer may have gone stale: a round that lists another
 * instance, a round that fails, is slow (over FRESH_MS) or comes more than
 * FRESH_MS after the one before (a blocked event loop), and this instance's own
 * writes (`invalidate`, before and after the commit). A cached entry counts
 * only under the epoch it was read in, and is filled only while alone.
 *
 * Why a writer elsewhere is always seen: an instance's record is visible for
 * JOIN_WAIT_MS before it may serve (`join`) or write what the key check reads
 * (`beforeAuthWrite`, which waits again after a lapse of its own record, e.g.
 * after its event loop was blocked). Accepted rounds start at most FRESH_MS
 * apart and read within FRESH_MS of their start, so every other instance lists
 * it within 2 x FRESH_MS < JOIN_WAIT_MS and drops its cache before the write.
 * A crashed instance's record counts until its `until` (RECORD_TTL_MS after
 * its last round): the others read KV meanwhile, the safe side. Instances that
 * never join (job worker threads, tools) must not write keys or what the key
 * check reads of a site (`disabled`, `request_limit`): the job threads write
 * only `verified` (domain/sites/verify.ts). See docs/performance.md, "Writes and reads".
 */
import { deleteInstance, listLiveInstances, putInstance } from "./presence_store.ts";

/** Time between rounds (renew own record, list everyone's). */
export const POLL_MS = 200;
/** How long a round's answer "alone" holds, from the round's start. */
export const FRESH_MS = 500;
/** How long a record counts after its round (a crashed instance's lingers this long). */
export const RECORD_TTL_MS = 3_000;
/** How long a record must have been visible before its instance serves or writes. */
export const JOIN_WAIT_MS = 1_500;

/**
 * Whether the instances on this database share one wall clock (a local KV
 * file: one machine), which the records' `until` needs. Over KV Connect the
 * machines' clocks may disagree by more than RECORD_TTL_MS, so no instance
 * joins there and every key check reads KV.
 */
export function presenceApplies(kvPath: string): boolean {
  return !kvPath.includes("://") && kvPath !== "platform";
}

export type PresenceClocks = {
  /** Monotonic ms (performance.now): freshness and waits. */
  mono: () => number;
  /** Wall-clock ms shared by every process on the machine: the records' `until`. */
  wall: () => number;
};

const systemClocks: PresenceClocks = { mono: () => performance.now(), wall: () => Date.now() };

export class Presence {
  readonly #kv: Deno.Kv;
  readonly #id: string;
  readonly #clocks: PresenceClocks;
  readonly #onError: (e: unknown) => void;
  #epoch = 0;
  #joined = false;
  #stopped = false;
  /** Monotonic start of the last accepted round that listed no one else. */
  #aloneSince = -Infinity;
  /** Monotonic start of the last accepted round. */
  #lastRound = -Infinity;
  /** Monotonic time since which this instance's record has been visible without a lapse. */
  #visibleSince: number | null = null;
  /** Wall-clock end of this instance's current record. */
  #until = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #round: Promise<void> | null = null;

  constructor(
    kv: Deno.Kv,
    id: string,
    opts: { clocks?: PresenceClocks; onError?: (e: unknown) => void } = {},
  ) {
    this.#kv = kv;
    this.#id = id;
    this.#clocks = opts.clocks ?? systemClocks;
    this.#onError = opts.onError ?? (() => {});
  }

  /** Moves whenever cached answers may be stale; an entry counts only under its own epoch. */
  get epoch(): number {
    return this.#epoch;
  }

  /** Whether this instance may answer from its cache now (checked at request time). */
  alone(): boolean {
    return this.#joined && !this.#stopped &&
      this.#clocks.mono() - this.#aloneSince < FRESH_MS;
  }

  /** Drops every cached answer (this instance's own writes, before and after the commit). */
  invalidate(): void {
    this.#epoch++;
  }

  /**
   * Registers this instance and polls from now on; resolves once its record
   * has been visible for JOIN_WAIT_MS (serve HTTP only after that).
   */
  async join(opts: { timers?: boolean; wait?: boolean } = {}): Promise<void> {
    if (this.#joined) return;
    this.#joined = true;
    await this.round();
    // Tests with a manual clock drive the rounds themselves (timers: false, wait: false).
    if (opts.timers !== false) this.#schedule();
    if (opts.wait !== false) await this.#untilVisible();
  }

  /**
   * Call before a write that the key check reads (keys, a site): waits until
   * every other instance has seen this one (a no-op in steady state), and
   * drops this instance's cache. Call `invalidate()` again after the commit.
   */
  async beforeAuthWrite(): Promise<void> {
    this.invalidate();
    if (this.#joined) await this.#untilVisible();
  }

  /** One round: renew this instance's record, then list the live ones. */
  round(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    this.#round ??= this.#doRound().finally(() => this.#round = null);
    return this.#round;
  }

  async #doRound(): Promise<void> {
    const { mono, wall } = this.#clocks;
    const start = mono();
    try {
      const until = wall() + RECORD_TTL_MS;
      await putInstance(this.#kv, this.#id, { pid: Deno.pid, until }, RECORD_TTL_MS);
      // The record had no gap when the old one still counted as the new one landed.
      if (this.#visibleSince === null || this.#until <= wall()) this.#visibleSince = mono();
      this.#until = until;
      const live = await listLiveInstances(this.#kv, wall());
      const took = mono() - start;
      const others = live.some((id) => id !== this.#id);
      const gap = start - this.#lastRound > FRESH_MS;
      this.#lastRound = start;
      if (others || took >= FRESH_MS || gap) this.#epoch++;
      this.#aloneSince = others || took >= FRESH_MS ? -Infinity : start;
    } catch (e) {
      this.#epoch++;
      this.#aloneSince = -Infinity;
      this.#onError(e);
    }
  }

  #schedule() {
    if (this.#stopped) return;
    this.#timer = setTimeout(async () => {
      await this.round();
      this.#schedule();
    }, POLL_MS);
  }

  async #untilVisible(): Promise<void> {
    const { mono, wall } = this.#clocks;
    while (!this.#stopped) {
      const since = this.#visibleSince;
      const lapsing = this.#until <= wall() + FRESH_MS;
      if (since !== null && mono() - since >= JOIN_WAIT_MS && !lapsing) return;
      if (lapsing) await this.round();
      else await new Promise((r) => setTimeout(r, POLL_MS / 2));
    }
  }

  /** Stops polling and removes this instance's record (a crash leaves it to expire). */
  async leave(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#round?.catch(() => {});
    if (!this.#joined) return;
    try {
      await deleteInstance(this.#kv, this.#id);
    } catch { /* the record expires */ }
  }
}
