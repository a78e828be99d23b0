/**
 * O(1) counters: sliding windows of recent timestamps, monthly usage per
 * account (UTC month), and running totals. None of them lists a log.
 *
 * A sliding window keeps the timestamps of at most `keep` recent entries in one
 * value. "N or more entries in the last W ms" is then exact for any N <= keep,
 * and the cost does not grow with traffic. Writers read the window, decide, and
 * append in the same atomic operation as their own record with a versionstamp
 * check, so concurrent requests cannot both slip under a limit.
 */
import { keys } from "./keys.ts";
import { utcMonth } from "../clock.ts";

export type WindowState = {
  key: Deno.KvKey;
  versionstamp: string | null;
  /** Timestamps (ms) still inside the window, oldest first. */
  times: number[];
};

export async function readWindow(
  kv: Deno.Kv,
  name: string,
  subject: string,
  now: number,
  windowMs: number,
): Promise<WindowState> {
  const key = keys.window(name, subject);
  const r = await kv.get<number[]>(key);
  // Entries stamped after `now` still count: a racing writer that read the
  // clock a moment later may have committed first.
  const times = (r.value ?? []).filter((t) => t > now - windowMs);
  return { key, versionstamp: r.versionstamp, times };
}

/** Entries in the window at `now`. */
export function windowCount(state: WindowState): number {
  return state.times.length;
}

/**
 * Adds `now` to the window inside `op`, guarded by the versionstamp read. Keeps
 * at most `keep` timestamps; the value expires once the window has passed.
 */
export function appendWindow(
  op: Deno.AtomicOperation,
  state: WindowState,
  now: number,
  windowMs: number,
  keep: number,
): Deno.AtomicOperation {
  const times = [...state.times, now].slice(-keep);
  return op
    .check({ key: state.key, versionstamp: state.versionstamp })
    .set(state.key, times, { expireIn: windowMs * 2 });
}

/** Usage of `kind` (e.g. "email", "form") by an account in the UTC month of `now`. */
export async function readMonthly(
  kv: Deno.Kv,
  accountId: string,
  kind: string,
  now: number,
): Promise<{ key: Deno.KvKey; count: number; versionstamp: string | null }> {
  const key = keys.usage(accountId, kind, utcMonth(now));
  const r = await kv.get<Deno.KvU64>(key);
  return { key, count: r.value ? Number(r.value.value) : 0, versionstamp: r.versionstamp };
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
