/**
 * A window in parts held in memory (counters.ts): its parts as this process
 * last read or wrote them, with the count of its generation at that moment.
 * Every append to a window in parts adds 1 to its generation (a `sum`, also
 * inside a group commit's batch), so a generation read now with the same
 * count means no append since: the parts in memory are the window now, exact,
 * and a reader needs the generation alone instead of every part. Another
 * count (an append by a form notification, another thread or process, or a
 * batch that held another append beside this process's own) and the window
 * is read whole again. The exact append then checks the generation's
 * versionstamp as read now, as it does after a whole read.
 *
 * Memory is bounded: entries per site in a BoundedCache (ctx.caches), and a
 * window holding more than MAX_KNOWN_TIMES entries is not kept.
 */
import type { BoundedCache } from "../cache.ts";
import {
  genCount,
  mergeParts,
  WINDOW_PARTS,
  type WindowPart,
  type WindowState,
} from "./counters.ts";

/** Timestamps at most in a window kept in memory (4 bytes each stored, 8 here). */
export const MAX_KNOWN_TIMES = 480;

/** A window in parts as it was when its generation held `count`. */
export type KnownWindow = { readonly count: bigint; readonly parts: readonly WindowPart[] };

/** What memory holds of a window: what it knows, and whether to read by it. */
type Memo = {
  known: KnownWindow;
  /**
   * false after memory failed a read (another writer appends to the window):
   * read whole until a whole read shows that memory would have held.
   */
  trusted: boolean;
};

/**
 * A window read whole with its generation, as memory keeps it (null: not to
 * be kept). Only a read whose parts and generation agree: every append writes
 * its part and the generation in one commit, so in one snapshot the
 * generation's versionstamp is the newest part's. A part read before the
 * generation, in an earlier batch that missed an append, would hold less than
 * the generation's count says; such a read is not kept whatever the order in
 * which Deno KV serves the batches of one readMany.
 */
export function knownWindowOf(w: WindowState): KnownWindow | null {
  // A window with a generation has a total in a part (counters.ts windowOfPart);
  // one without is a new window, or one from before generations: read it whole.
  const vs = w.gen?.versionstamp;
  if (vs == null || !w.parts) return null;
  let newest = "";
  for (const p of w.parts) if (p?.versionstamp && p.versionstamp > newest) newest = p.versionstamp;
  return newest === vs ? known(w, w.gen!.count, w.parts) : null;
}

/**
 * What memory knows after `w` (a window read whole with its generation, which
 * may be absent: a new window) took one append to part `part`, written as
 * `written`, in a commit with `versionstamp`: the generation's count one more
 * (if another append went into the same batch, the count read next shows it).
 */
export function knownAfterAppend(
  w: WindowState,
  part: number,
  written: WindowPart,
  versionstamp: string,
): KnownWindow | null {
  const count = w.gen?.count;
  if (count === undefined || !w.parts) return null;
  const parts = w.parts.map((p, i) => i === part ? { ...written, versionstamp } : p);
  return known(w, count + 1n, parts);
}

function known(
  w: WindowState,
  count: bigint | undefined,
  parts: readonly WindowPart[] | undefined,
): KnownWindow | null {
  if (count === undefined || w.onlyPart !== undefined || !parts) return null;
  if (parts.length !== WINDOW_PARTS || parts.some((p) => !p)) return null;
  if (parts.every((p) => p.total === null)) return null;
  let n = 0;
  for (const p of parts) n += p.times.length;
  return n <= MAX_KNOWN_TIMES ? { count, parts } : null;
}

/**
 * The window from memory, if `gen` (its generation read now) shows no append
 * since one of `known` (the windows memory held when the read was planned and
 * when it came back) was known; else null (read it whole). Entries are those
 * inside the window at `now`, as a whole read would give them.
 */
export function windowFromKnown(
  known: readonly (KnownWindow | undefined)[],
  gen: Deno.KvEntryMaybe<unknown>,
  now: number,
  windowMs: number,
): WindowState | null {
  if (gen.versionstamp === null) return null;
  const count = genCount(gen);
  const match = known.find((k) => k?.count === count);
  if (!match) return null;
  const from = now - windowMs;
  // A part's times need not be in order (writers' clocks): look at each.
  const parts = match.parts.map((p) =>
    p.times.some((t) => t <= from) ? { ...p, times: p.times.filter((t) => t > from) } : p
  );
  const w = mergeParts(parts);
  w.gen = { key: gen.key, versionstamp: gen.versionstamp, count };
  return w;
}

/** The window memory holds of `subject`, when reads should go by it (plan a read of the generation). */
export function recallWindow(
  cache: BoundedCache<unknown>,
  subject: string,
): KnownWindow | undefined {
  const m = cache.get(subject) as Memo | undefined;
  return m?.trusted ? m.known : undefined;
}

/**
 * The window memory holds of `subject` now, trusted or not: what a read of
 * the generation is also checked against when it comes back (a concurrent
 * append of this process may have moved memory on since the read was
 * planned, before or after the read).
 */
export function latestWindow(
  cache: BoundedCache<unknown>,
  subject: string,
): KnownWindow | undefined {
  return (cache.get(subject) as Memo | undefined)?.known;
}

/** Drops what memory holds of `subject` (a commit built on it failed: read whole next). */
export function forgetWindow(cache: BoundedCache<unknown>, subject: string): void {
  cache.delete(subject);
}

/**
 * Keeps what a read or an append showed of `subject`'s window. `how`:
 * "read" a whole read, "missed" a whole read after memory failed (a
 * concurrent writer), "appended" this process's own committed append.
 */
export function rememberWindow(
  cache: BoundedCache<unknown>,
  subject: string,
  known: KnownWindow | null,
  how: "read" | "missed" | "appended",
): void {
  if (!known) {
    cache.delete(subject);
    return;
  }
  const before = cache.get(subject) as Memo | undefined;
  // After a miss, a whole read trusts memory again once memory would have held.
  const trusted = how === "missed"
    ? false
    : !before || before.trusted || (how === "read" && before.known.count === known.count);
  cache.set(subject, { known, trusted });
}
