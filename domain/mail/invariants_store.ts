/**
 * The email log's invariants for the doctor (domain/kernel/invariants.ts): its
 * site index points at records, and each site's log total (kept in the send
 * window, reservation.ts; or, from before, a running total) equals the log
 * records the site has plus those it deleted (counted as they go).
 */
import { keys } from "../kernel/kv/keys.ts";
import { indexPointsAtRecord } from "../kernel/kv/invariants.ts";
import { getManyBatched } from "../kernel/kv/kv.ts";
import { decodeWindow, encodeWindow, windowPartKeys } from "../kernel/kv/counters.ts";
import type { Invariant, Problem } from "../kernel/invariants.ts";
import { TOTALS } from "./reservation.ts";
import { DELETED_LOG_TOTAL } from "./email_log_store.ts";

const logTotalMatchesRecords: Invariant = {
  name: "email log: each site's log total equals its log records",
  async find(kv) {
    const counts = new Map<string, number>();
    for await (const e of kv.list({ prefix: keys.emailLogBySite("", "").slice(0, 1) })) {
      const site = String(e.key[1]);
      counts.set(site, (counts.get(site) ?? 0) + 1);
    }
    const out: Problem[] = [];
    for (const [site, kept] of counts) {
      const deleted = await kv.get(keys.total(DELETED_LOG_TOTAL, site));
      const count = kept + (deleted.value instanceof Deno.KvU64 ? Number(deleted.value.value) : 0);
      // The window is kept in parts (counters.ts): the total is their sum.
      const partKeys = Object.values(windowPartKeys(TOTALS.log, site));
      const [t, ...parts] = await getManyBatched(kv, [keys.total(TOTALS.log, site), ...partKeys]);
      const decoded = parts.map((p) => decodeWindow(p.value));
      const counted = decoded.filter((d) => d.total !== null);
      const total = counted.length
        ? counted.reduce((n, d) => n + d.total!, 0)
        : (t.value instanceof Deno.KvU64 ? Number(t.value.value) : 0);
      if (total === count) continue;
      out.push({
        subject: `site ${site}`,
        detail: `log total ${total}, log records ${kept}` +
          (count === kept ? "" : `, deleted ${count - kept}`),
        // Part 0 takes the difference, unless a send moved any part meanwhile
        // (every part is checked; then the next run looks again).
        repair: async () => {
          const op = kv.atomic();
          for (const p of parts) op.check(p);
          if (counted.length) {
            const others = counted.length ? total - (decoded[0].total ?? 0) : 0;
            op.set(parts[0].key, encodeWindow(decoded[0].times, count - others));
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
