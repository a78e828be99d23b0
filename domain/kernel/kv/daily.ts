/**
 * A site's daily counters (the dashboard's usage chart): one `sum` per event
 * and UTC day, read back as one bounded range. Re-exported by counters.ts.
 */
import { keys } from "./keys.ts";

/** What the daily counters count, per site and UTC day (the dashboard's usage chart). */
export const DAILY_KINDS = ["sent", "opened", "clicked", "bounced", "submissions"] as const;
export type DailyKind = typeof DAILY_KINDS[number];

/** "2026-11-24", the UTC day of `ms`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Counts one event of a site's day inside the caller's own atomic operation
 * (one sum mutation, no extra round trip).
 */
export function addDaily(
  op: Deno.AtomicOperation,
  siteId: string,
  kind: DailyKind,
  now: number,
): Deno.AtomicOperation {
  return op.sum(keys.daily(siteId, utcDay(now), kind), 1n);
}

/**
 * A site's daily counters for the `days` UTC days that end with the day of
 * `now`, oldest first: one bounded range read (at most days x kinds entries),
 * whatever the traffic was.
 */
export async function readDaily(
  kv: Deno.Kv,
  siteId: string,
  now: number,
  days: number,
): Promise<{ day: string; counts: Record<DailyKind, number> }[]> {
  const dayMs = 24 * 3600_000;
  const out = Array.from({ length: days }, (_, i) => ({
    day: utcDay(now - (days - 1 - i) * dayMs),
    counts: { sent: 0, opened: 0, clicked: 0, bounced: 0, submissions: 0 },
  }));
  const at = new Map(out.map((d, i) => [d.day, i]));
  const iter = kv.list<Deno.KvU64>({
    start: keys.dailyFrom(siteId, out[0].day),
    end: keys.dailyFrom(siteId, utcDay(now + dayMs)),
  }, { limit: days * DAILY_KINDS.length + 1 });
  for await (const e of iter) {
    const i = at.get(e.key[2] as string);
    const kind = e.key[3] as DailyKind;
    if (i !== undefined && kind in out[i].counts) out[i].counts[kind] = Number(e.value.value);
  }
  return out;
}
