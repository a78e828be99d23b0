/**
 * `deno run -A bench/send_state_reads.ts [rounds]`: what mail/send's one read
 * costs with and without the site's send window (issue 14, phase 8), CPU per
 * read by thread (the JavaScript thread, Deno KV's SQLite thread `sw-0`, V8's
 * helpers). 64 readers over 200 sites on a KV file, each read the send state
 * of one recipient (sendStateKeys with quota and marks, then sendStateOf) in
 * variants that alternate, `rounds` times (default 4):
 *
 *   whole window  the 16 parts and the generation (24 keys, as before phase 8)
 *   generation    the generation alone, the parts from memory (8 keys)
 *   no window     neither (7 keys): the floor of the read
 *
 * The windows are those of a mail-only site (part 0 with 20 entries, parts 1
 * to 15 absent) or, with `BENCH_FULL_PARTS=1`, every part holding 8 entries
 * (a site with form notifications).
 */
import { openKv } from "../domain/kernel/kv/open.ts";
import { readMany } from "../domain/kernel/kv/kv.ts";
import { appendWindowPart, readWindowParts } from "../domain/kernel/kv/counters.ts";
import {
  sendStateKeys,
  sendStateOf,
  type SendStateQuery,
} from "../domain/mail/send_state_store.ts";
import { RATE_WINDOW_MS, sendStateQuery } from "../domain/mail/reservation.ts";
import { type KnownWindow, knownWindowOf } from "../domain/kernel/kv/window_memory.ts";
import { formatPerOperation, perOperation, threadSeconds } from "./lib/threads.ts";

const ROUNDS = Number(Deno.args[0] ?? 4);
const SITES = 200;
const READERS = 64;
const READS = 15_000;
const fullParts = Deno.env.get("BENCH_FULL_PARTS") === "1";
/** A service key for the addresses' keyed hashes (suppressions are read by them). */
const HK = new Uint8Array(32).fill(7);

const dir = await Deno.makeTempDir();
const kv = await openKv(`${dir}/reads.kv`);
const now = Date.now();
const sites = Array.from({ length: SITES }, (_, i) => ({
  id: `site-${String(i).padStart(4, "0")}`,
  account_id: `acct-${i % 50}`,
}));

// Seed: each site's window (real appends), routing-like and account-like values.
for (const site of sites) {
  const q = sendStateQuery(site, ["ann@example.com"], now, HK, { quota: true, marks: true });
  const k = sendStateKeys(q);
  await kv.set(k.routing, { webhooks: [], domain: null });
  await kv.set(k.account!, { id: site.account_id, name: "Bench", monthly_email_limit: null });
  const parts = fullParts ? Array.from({ length: 16 }, (_, i) => i) : [0];
  for (const part of parts) {
    for (let n = 0; n < (fullParts ? 8 : 20); n++) {
      const w = await readWindowParts(kv, q.windowName, q.siteId, now, RATE_WINDOW_MS);
      const op = kv.atomic();
      appendWindowPart(op, { ...w, total: w.total ?? 0 }, now - 1000 + n, 120, {
        part,
        exact: part === 0,
      });
      if (!(await op.commit()).ok) throw new Error("seed conflict");
    }
  }
}

// What memory holds of each window (phase 8): the parts as read now.
const known = new Map<string, KnownWindow>();
for (const site of sites) {
  const q = sendStateQuery(site, ["ann@example.com"], now, HK, { quota: true, marks: true });
  const state = await sendStateOf(kv, q, await readMany(kv, sendStateKeys(q)));
  const k = knownWindowOf(state.window);
  if (!k) throw new Error("window not kept");
  known.set(site.id, k);
}

type Variant = "whole window" | "generation" | "no window";

async function run(variant: Variant): Promise<void> {
  let next = 0;
  const reader = async () => {
    while (next < READS) {
      const site = sites[next++ % SITES];
      // The seed's time: its entries stay inside the window however long the run.
      const base = sendStateQuery(site, ["ann@example.com"], now, HK, {
        quota: true,
        marks: true,
      });
      const q: SendStateQuery = variant === "generation"
        ? { ...base, known: { planned: known.get(site.id)!, latest: () => known.get(site.id) } }
        : base;
      const keys = sendStateKeys(q);
      if (variant === "no window") {
        const { window: _w, windowGen: _g, ...rest } = keys;
        await readMany(kv, rest);
      } else {
        const state = await sendStateOf(kv, q, await readMany(kv, keys));
        if (state.window.times.length === 0) throw new Error("window not read");
      }
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));
}

const results: Record<Variant, Record<string, number>[]> = {
  "whole window": [],
  generation: [],
  "no window": [],
};
const order: Variant[] = ["whole window", "generation", "no window"];
await run("whole window"); // warm-up
for (let r = 0; r < ROUNDS; r++) {
  for (const v of r % 2 ? [...order].reverse() : order) {
    const before = await threadSeconds(Deno.pid);
    await run(v);
    const per = perOperation(before, await threadSeconds(Deno.pid), READS);
    results[v].push(per);
    console.log(`round ${r + 1} ${v}: ${formatPerOperation(per)}`);
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`\nmedians, ms per read (${fullParts ? "every part full" : "mail-only windows"}):`);
for (const v of order) {
  const names = new Set(results[v].flatMap((p) => Object.keys(p)));
  const by = [...names].map((n) => `${n} ${median(results[v].map((p) => p[n] ?? 0)).toFixed(4)}`);
  const total = median(results[v].map((p) => Object.values(p).reduce((a, b) => a + b, 0)));
  console.log(`  ${v}: total ${total.toFixed(4)} (${by.join(", ")})`);
}
kv.close();
await Deno.remove(dir, { recursive: true });
