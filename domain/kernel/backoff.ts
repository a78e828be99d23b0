/**
 * The one way to wait before trying again. Two shapes are in use:
 * - short races (a lost versionstamp check, a locked SQLite file): a random
 *   pause of a few milliseconds that grows linearly, so that racing writers
 *   spread out instead of colliding again in step;
 * - failures that may last (a job handler that threw): a delay that doubles
 *   with each failure, up to a cap.
 */
export type Backoff = {
  /** Growth per retry (linear), or the first retry's delay (exponential), in ms. */
  stepMs: number;
  maxMs: number;
  growth: "linear" | "exponential";
  /** A random share of the delay ("full jitter"), so that racers do not retry together. */
  jitter: boolean;
};

/** A lost race on one KV record (retryOnConflict, the mail send's reservation). */
export const RACE_BACKOFF: Backoff = { stepMs: 2, maxMs: 20, growth: "linear", jitter: true };

/** Milliseconds to wait before retry number `attempt` (1 = the first retry). */
export function backoffMs(attempt: number, b: Backoff): number {
  const n = Math.max(1, attempt);
  const grown = b.growth === "linear" ? b.stepMs * n : b.stepMs * 2 ** (n - 1);
  const ms = Math.min(b.maxMs, grown);
  return b.jitter ? Math.random() * ms : ms;
}

/** Waits backoffMs(attempt, b). */
export function backoff(attempt: number, b: Backoff): Promise<void> {
  return new Promise((r) => setTimeout(r, backoffMs(attempt, b)));
}
