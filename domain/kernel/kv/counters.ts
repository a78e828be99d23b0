/**
 * O(1) counters: sliding windows of recent timestamps, monthly usage per
 * account (UTC month), and running totals. None of them lists a log.
 *
 * A sliding window keeps the timestamps of at most `keep` recent entries in one
 * (packed) value. "N or more entries in the last W ms" is then exact for any N <= keep,
 * and the cost does not grow with traffic. Writers read the window, decide, and
 * append in the same atomic operation as their own record with a versionstamp
 * check, so concurrent requests cannot both slip under a limit.
 */
import { keys } from "./keys.ts";
import { getManyBatched } from "./kv.ts";
// The daily counters live in daily.ts (kept here for their callers).
export { addDaily, DAILY_KINDS, type DailyKind, readDaily, utcDay } from "./daily.ts";
import { utcMonth } from "../clock.ts";

export type WindowState = {
  key: Deno.KvKey;
  versionstamp: string | null;
  /** Timestamps (ms) still inside the window, oldest first. */
  times: number[];
  /**
   * Appends ever made, for a window that keeps a running total (see
   * appendWindow); null when the stored value carries none.
   */
  total: number | null;
  /**
   * A window kept in parts (windowParts): each part as read. `key` and
   * `versionstamp` above are part 0's; `times` and `total` are all parts'.
   */
  parts?: WindowPart[];
  /**
   * A window in parts: its generation key as read (windowGenKey), when the
   * reader read it. Every append bumps it, so an exact append checks it and
   * its own part instead of every part. `count`: its value as read (appends
   * ever), when known (window_memory.ts validates a window held in memory by it).
   */
  gen?: { key: Deno.KvKey; versionstamp: string | null; count?: bigint };
  /**
   * A window read in one part (windowOfPart): the part's number. `parts` then
   * holds that part alone, `times` are its entries only and `total` is
   * unknown (NaN), so no limit may be decided on it and no exact append made
   * (appendWindowPart refuses one).
   */
  onlyPart?: number;
};

/** One part of a window kept in parts: its own entries and appends. */
export type WindowPart = {
  key: Deno.KvKey;
  versionstamp: string | null;
  times: number[];
  total: number | null;
};

/*
 * A window is stored as raw bytes, not a JavaScript array: KV keeps a
 * Uint8Array as is (no V8 serialization), and 120 timestamps take 500 bytes
 * instead of 1,100. Layout: byte 0 the format, bytes 1-8 the running total
 * (float64, NaN when not kept), bytes 9-16 the base time (float64 ms), then per
 * entry, oldest first: format 1, a uint32 offset in ms from the base; format 2
 * (offsets that do not fit, e.g. a clock set far back), a float64 time.
 * Arrays of timestamps written before this format are still read.
 */
const HEADER = 17;

export function encodeWindow(times: number[], total: number | null): Uint8Array {
  let base = Infinity;
  let max = -Infinity;
  for (const t of times) {
    if (t < base) base = t;
    if (t > max) max = t;
  }
  if (base === Infinity) base = max = 0;
  const compact = max - base <= 0xffff_ffff && times.every(Number.isInteger);
  const size = compact ? 4 : 8;
  const bytes = new Uint8Array(HEADER + size * times.length);
  const v = new DataView(bytes.buffer);
  v.setUint8(0, compact ? 1 : 2);
  v.setFloat64(1, total ?? NaN);
  v.setFloat64(9, base);
  times.forEach((t, i) => {
    if (compact) v.setUint32(HEADER + 4 * i, t - base);
    else v.setFloat64(HEADER + 8 * i, t);
  });
  return bytes;
}

/** Timestamps and running total of a stored window value (either format). */
export function decodeWindow(value: unknown): { times: number[]; total: number | null } {
  if (value instanceof Uint8Array && value.length >= HEADER && (value[0] === 1 || value[0] === 2)) {
    const v = new DataView(value.buffer, value.byteOffset, value.byteLength);
    const total = v.getFloat64(1);
    const base = v.getFloat64(9);
    const times: number[] = [];
    if (value[0] === 1) {
      for (let at = HEADER; at + 4 <= value.length; at += 4) times.push(base + v.getUint32(at));
    } else {
      for (let at = HEADER; at + 8 <= value.length; at += 8) times.push(v.getFloat64(at));
    }
    return { times, total: Number.isNaN(total) ? null : total };
  }
  return { times: Array.isArray(value) ? value as number[] : [], total: null };
}

/** A window read with getMany: entries inside the window at `now` (later stamps too). */
export function windowOf(
  entry: Deno.KvEntryMaybe<unknown>,
  now: number,
  windowMs: number,
): WindowState {
  const { times, total } = decodeWindow(entry.value);
  // Entries stamped after `now` still count: a racing writer that read the
  // clock a moment later may have committed first.
  return {
    key: entry.key,
    versionstamp: entry.versionstamp,
    times: times.filter((t) => t > now - windowMs),
    total,
  };
}

export async function readWindow(
  kv: Deno.Kv,
  name: string,
  subject: string,
  now: number,
  windowMs: number,
): Promise<WindowState> {
  return windowOf(await kv.get(keys.window(name, subject)), now, windowMs);
}

/** Entries in the window at `now`. */
export function windowCount(state: WindowState): number {
  return state.times.length;
}

/**
 * Adds `now` to the window inside `op`, guarded by the versionstamp read. Keeps
 * at most `keep` timestamps; the value expires once the window has passed.
 * With `total` (the running total including this append) the value keeps it
 * and never expires: the window then also answers "how many ever".
 */
export function appendWindow(
  op: Deno.AtomicOperation,
  state: WindowState,
  now: number,
  windowMs: number,
  keep: number,
  total?: number,
): Deno.AtomicOperation {
  const times = [...state.times, now].slice(-keep);
  op.check({ key: state.key, versionstamp: state.versionstamp });
  return total === undefined
    ? op.set(state.key, encodeWindow(times, null), { expireIn: windowMs * 2 })
    : op.set(state.key, encodeWindow(times, total));
}

/**
 * Parts of a window that many writers append to at once (a site's send window
 * under a burst of form submissions). One value would make them take turns:
 * each append is a read-modify-write of that value. In parts, an append that
 * no limit decides (a form notification) checks and rewrites only its own
 * part, so writers on different parts commit together; an append that a limit
 * decides (appendWindowPart with `exact`) checks the window's generation
 * (windowGenKey, which every append bumps) and its own part, or every part's
 * versionstamp when it did not read the generation, so "N or more in the
 * window" stays exact at the boundary. Each part keeps
 * `keep` entries, so the merged count is exact for any N <= keep. Part 0 is the
 * window's single key as it was before parts existed.
 */
export const WINDOW_PARTS = 16;

/**
 * The generation of a window in parts (a KvU64 that every append bumps with a
 * `sum`, which appends do not check, so they never conflict on it): an exact
 * append checks it, and so sees any append made since its read, whatever the
 * part. Derived from part 0's key, so no append can miss it.
 */
export function windowGenKey(part0: Deno.KvKey): Deno.KvKey {
  return keys.window(`${String(part0[1])}/gen`, String(part0[2]));
}

/** The keys of a window's parts, by part number ("0" ... "7"). */
export function windowPartKeys(name: string, subject: string): Record<string, Deno.KvKey> {
  const out: Record<string, Deno.KvKey> = { 0: keys.window(name, subject) };
  for (let i = 1; i < WINDOW_PARTS; i++) out[i] = keys.window(`${name}/${i}`, subject);
  return out;
}

/** A window in parts from the entries of windowPartKeys (read with getMany or readMany). */
export function windowOfParts(
  entries: Record<string, Deno.KvEntryMaybe<unknown>>,
  now: number,
  windowMs: number,
  gen?: Deno.KvEntryMaybe<unknown>,
): WindowState {
  const parts: WindowPart[] = [];
  for (let i = 0; i < WINDOW_PARTS; i++) parts.push(windowOf(entries[i], now, windowMs));
  const w = mergeParts(parts);
  if (gen) w.gen = { key: gen.key, versionstamp: gen.versionstamp, count: genCount(gen) };
  return w;
}

/** A generation's value as read: appends ever made to its window (0 when never written). */
export function genCount(gen: Deno.KvEntryMaybe<unknown>): bigint {
  return gen.value instanceof Deno.KvU64 ? gen.value.value : 0n;
}

/** The merged view of parts: all their times (sorted), their summed totals. */
export function mergeParts(parts: WindowPart[]): WindowState {
  const times = parts.flatMap((p) => p.times).sort((a, b) => a - b);
  const counted = parts.filter((p) => p.total !== null);
  return {
    key: parts[0].key,
    versionstamp: parts[0].versionstamp,
    times,
    // Null while no part has one (a window from before totals: the caller adds the old total).
    total: counted.length ? counted.reduce((n, p) => n + p.total!, 0) : null,
    parts,
  };
}

export async function readWindowParts(
  kv: Deno.Kv,
  name: string,
  subject: string,
  now: number,
  windowMs: number,
): Promise<WindowState> {
  const ks = Object.values(windowPartKeys(name, subject));
  // The generation first: past ten keys the getMany batches are separate
  // snapshots, sent in this order (one connection's SQLite thread takes them
  // in turn), so no part is read before the generation, and an append the
  // parts miss moves the generation after its read (the exact append's check
  // then fails).
  const [gen, ...got] = await getManyBatched(kv, [windowGenKey(ks[0]), ...ks]);
  return windowOfParts(Object.fromEntries(got.map((e, i) => [i, e])), now, windowMs, gen);
}

/** A window in parts' generation alone (window_memory.ts: is what memory holds still the window?). */
export async function readWindowGen(
  kv: Deno.Kv,
  name: string,
  subject: string,
): Promise<Deno.KvEntryMaybe<unknown>> {
  return await kv.get(windowGenKey(keys.window(name, subject)));
}

/**
 * A window in parts read in one part and its generation: enough for an append
 * that no limit decides (a form notification), which checks and rewrites that
 * part alone. Null when the generation was never written: the window may then
 * be one whose first append must carry an old separate total, which needs
 * every part (read the window whole). A window with a generation has such an
 * append behind it: every append bumps the generation and writes a total on
 * its part, and a part's total is never removed (no expiry).
 */
export function windowOfPart(
  part: number,
  entry: Deno.KvEntryMaybe<unknown>,
  gen: Deno.KvEntryMaybe<unknown>,
  now: number,
  windowMs: number,
): WindowState | null {
  if (gen.versionstamp === null) return null;
  return partialWindow(part, windowOf(entry, now, windowMs), gen);
}

function partialWindow(
  part: number,
  p: WindowPart,
  gen: { key: Deno.KvKey; versionstamp: string | null },
): WindowState {
  const parts: WindowPart[] = new Array(WINDOW_PARTS);
  parts[part] = p;
  return {
    key: p.key,
    versionstamp: p.versionstamp,
    times: p.times,
    total: NaN,
    parts,
    gen: { key: gen.key, versionstamp: gen.versionstamp },
    onlyPart: part,
  };
}

/**
 * Appends `now` to part `part` of a window in parts inside `op`, with its
 * running total. `exact`: every part's versionstamp is checked (an append a
 * limit decided on); otherwise only the part's own (an append no limit
 * decides: racing appends to other parts commit alongside). `chained` (not
 * exact): the part as `state` holds it is an earlier append's that has not
 * committed yet, so its versionstamp is unknown and not checked here: the
 * caller makes `op` depend on that append (group_commit.ts dependOn), which
 * commits `op` with it or after it with the check, and never without it.
 */
export function appendWindowPart(
  op: Deno.AtomicOperation,
  state: WindowState,
  now: number,
  keep: number,
  opts: { part: number; exact: boolean; chained?: boolean },
): WindowPart {
  const parts = state.parts;
  if (!parts) throw new Error("appendWindowPart needs a window read in parts");
  const one = state.onlyPart !== undefined;
  if (one && (opts.exact || opts.part !== state.onlyPart)) {
    throw new Error("a window read in one part takes only an inexact append to that part");
  }
  const p = parts[opts.part];
  // Exact: the generation (any append since the read) and the part rewritten,
  // or, without the generation read, every part.
  const gen = state.gen;
  const checked = opts.exact ? (gen ? [p, gen] : parts) : opts.chained ? [] : [p];
  for (const q of checked) op.check({ key: q.key, versionstamp: q.versionstamp });
  op.sum(gen ? gen.key : windowGenKey(parts[0].key), 1n);
  const times = [...p.times, now].slice(-keep);
  // The first total of all carries the window's total as read (an old separate
  // total). A window read in one part has a generation, so that total was carried.
  const first = !one && parts.every((q) => q.total === null);
  const total = (p.total ?? (first ? state.total ?? 0 : 0)) + 1;
  op.set(p.key, encodeWindow(times, total));
  // What the part holds once `op` commits (its versionstamp is the commit's).
  return { key: p.key, versionstamp: null, times, total };
}

/**
 * The window with part `part` as `known` holds it (a part this process just
 * committed, so that the next writer of that part need not read it again),
 * entries older than the window left out.
 */
export function withPart(
  state: WindowState,
  part: number,
  known: WindowPart,
  now: number,
  windowMs: number,
): WindowState {
  if (!state.parts) throw new Error("withPart needs a window read in parts");
  const fresh = { ...known, times: known.times.filter((t) => t > now - windowMs) };
  if (state.onlyPart !== undefined) {
    if (part !== state.onlyPart) throw new Error("withPart: not the part this window was read in");
    return partialWindow(part, fresh, state.gen!);
  }
  return mergeParts(state.parts.map((p, i) => i === part ? fresh : p));
}

/**
 * An account's monthly usage of one kind as read, with what a writer checks
 * so that concurrent requests cannot both take the last unit.
 */
export type MonthlyUsage = { key: Deno.KvKey; count: number; versionstamp: string | null };

/** The usage from its entry (read with getMany or readMany). */
export function usageOf(entry: Deno.KvEntryMaybe<unknown>): MonthlyUsage {
  const v = entry.value as Deno.KvU64 | null;
  return { key: entry.key, count: v ? Number(v.value) : 0, versionstamp: entry.versionstamp };
}

/** Usage of `kind` (e.g. "email", "form") by an account in the UTC month of `now`. */
export async function readMonthly(
  kv: Deno.Kv,
  accountId: string,
  kind: string,
  now: number,
): Promise<MonthlyUsage> {
  return usageOf(await kv.get<Deno.KvU64>(keys.usage(accountId, kind, utcMonth(now))));
}

export function addMonthly(
  op: Deno.AtomicOperation,
  accountId: string,
  kind: string,
  now: number,
  n = 1,
): Deno.AtomicOperation {
  return op.sum(keys.usage(accountId, kind, utcMonth(now)), BigInt(n));
}

export function addTotal(
  op: Deno.AtomicOperation,
  name: string,
  subject: string,
  n = 1,
): Deno.AtomicOperation {
  return op.sum(keys.total(name, subject), BigInt(n));
}

export async function readTotal(kv: Deno.Kv, name: string, subject: string): Promise<number> {
  const r = await kv.get<Deno.KvU64>(keys.total(name, subject));
  return r.value ? Number(r.value.value) : 0;
}
