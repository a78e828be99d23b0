/**
 * The email log's invariants for the doctor (domain/kernel/invariants.ts): its
 * site index points at records, and each site's log total (kept in the send
 * window, reservation.ts; or, from before, a running total) equals the log
 * records the site has, which are never deleted.
 */
import { keys } from "../kernel/kv/keys.ts";
import { indexPointsAtRecord } from "../kernel/kv/invariants.ts";
import { decodeWindow, encodeWindow, WINDOW_PARTS, windowPartKeys } from "../kernel/kv/counters.ts";
import type { Invariant, Problem } from "../kernel/invariants.ts";
import { TOTALS } from "./reservation.ts";

const logTotalMatchesRecords: Invariant = {
  name: "email log: each site's log total equals its log records",
  async find(kv) {
    const counts = new Map<string, number>();
    for await (const e of kv.list({ prefix: keys.emailLogBySite("", "").slice(0, 1) })) {
      const site = String(e.key[1]);
      counts.set(site, (counts.get(site) ?? 0) + 1);
    }
    const out: Problem[] = [];
    for (const [site, count] of counts) {
      // The window is kept in parts (counters.ts): the site's total is the sum of theirs.
      const got = await kv.getMany([
        ...Object.values(windowPartKeys(TOTALS.log, site)),
        keys.total(TOTALS.log, site),
      ]);
      const parts = got.slice(0, WINDOW_PARTS).map((e) => ({ e, ...decodeWindow(e.value) }));
      const t = got[WINDOW_PARTS];
      const counted = parts.filter((p) => p.total !== null);
      const inWindow = counted.length ? counted.reduce((n, p) => n + p.total!, 0) : null;
      const total = inWindow ?? (t.value instanceof Deno.KvU64 ? Number(t.value.value) : 0);
      if (total === count) continue;
      out.push({
        subject: `site ${site}`,
        detail: `log total ${total}, log records ${count}`,
        // Part 0's total is set so that the parts sum to the count, unless a
        // send moved the window meanwhile (then the next run looks again).
        repair: async () => {
          const op = kv.atomic();
          for (const p of parts) op.check(p.e);
          if (inWindow !== null) {
            const others = inWindow - (parts[0].total ?? 0);
            op.set(parts[0].e.key, encodeWindow(parts[0].times, count - others));
          } else op.check(t).set(t.key, new Deno.KvU64(BigInt(count)));
          return (await op.commit()).ok;
        },
      });
    }
    return out;
  },
};

export const mailInvariants: Invariant[] = [
  indexPointsAtRecord(
    "email log: site index points at a record",
    keys.emailLogBySite("", ""),
    keys.emailLog,
  ),
  logTotalMatchesRecords,
];
