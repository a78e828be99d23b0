/**
 * What `deno task doctor` (domain/ops/doctor.ts) asks of each store module:
 * a list of invariants over its own keys, each able to find its breaches and,
 * where that is safe while the service runs, repair them. The doctor knows
 * no key; each store module knows only its own.
 */

/** One breach of an invariant. */
export type Problem = {
  /** The record or index entry concerned, readable (ids, not values). */
  subject: string;
  detail?: string;
  /**
   * Repairs this breach, guarded by versionstamp checks so that a concurrent
   * write of the running service wins; absent when no repair is safe.
   * Returns false when the data changed meanwhile (nothing was done).
   */
  repair?: () => Promise<boolean>;
};

export type Invariant = {
  /** Short name, "capability: what must hold". */
  name: string;
  /** Breaches found now. `now` (ms) decides what counts as overdue or abandoned. */
  find(kv: Deno.Kv, now: number): Promise<Problem[]>;
};
