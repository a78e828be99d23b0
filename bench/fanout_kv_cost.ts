/**
 * What a webhook delivery's KV work costs the SQLite thread, key kind by key
 * kind (docs/performance.md, "Webhook fan-out"): on a fresh KV file, 20,000 first
 * attempts' writes committed 20 to a transaction (as the group committer
 * gathers them) across 200 webhooks, with the delivery record alone and then
 * with its webhook index, counter and latest status added; and reads of 1, 3
 * and 10 keys, 16 at a time. Prints µs of CPU per delivery (or per read) by
 * thread of this process ("sw-0" is Deno KV's SQLite thread).
 *
 *   deno run -A bench/fanout_kv_cost.ts
 */
import { uuidv7 } from "../domain/kernel/ids.ts";
import { threadSeconds } from "./lib/threads.ts";

const N = 20_000;
const BATCH = 20;
const HOOKS = Array.from({ length: 200 }, () => uuidv7());
const RETENTION = 30 * 24 * 3600 * 1000;

function record(id: string, webhookId: string) {
  const at = new Date().toISOString();
  return {
    id,
    event_id: uuidv7(),
    event_type: "form.submitted",
    webhook_id: webhookId,
    site_id: crypto.randomUUID(),
    request_id: `req_${crypto.randomUUID()}`,
    state: "succeeded",
    attempts: [{ n: 1, at, status: 204, duration_ms: 3, error: null }],
    next_attempt_at: null,
    note: null,
    created_at: at,
    updated_at: at,
  };
}

async function cpu(label: string, n: number, work: () => Promise<void>): Promise<void> {
  const t0 = await threadSeconds(Deno.pid);
  await work();
  const t1 = await threadSeconds(Deno.pid);
  const by = [...t1].map(([k, v]) => [k, (v - (t0.get(k) ?? 0)) * 1e6 / n] as const)
    .filter(([, us]) => us >= 1).map(([k, us]) => `${k} ${us.toFixed(1)}`);
  console.log(`${label.padEnd(44)} ${by.join(", ")}`);
}

/** `parts`: r = record (checked absent), i = webhook index, c = counter sum, s = latest status. */
async function writes(parts: string): Promise<void> {
  const path = await Deno.makeTempFile();
  const kv = await Deno.openKv(path);
  const run = async (n: number) => {
    for (let i = 0; i < n; i += BATCH) {
      const op = kv.atomic();
      for (let j = 0; j < BATCH; j++) {
        const id = uuidv7();
        const w = HOOKS[(i + j) % HOOKS.length];
        if (parts.includes("r")) {
          op.check({ key: ["deliveries", id], versionstamp: null })
            .set(["deliveries", id], record(id, w), { expireIn: RETENTION });
        }
        if (parts.includes("i")) {
          op.set(["deliveries_by_webhook", w, id], id, { expireIn: RETENTION });
        }
        if (parts.includes("c")) op.sum(["webhook_counters", w, "success"], 1n);
        if (parts.includes("s")) {
          op.set(["webhook_last_status", w], { status: 204, at: new Date().toISOString() });
        }
      }
      await op.commit();
    }
  };
  await run(4_000);
  await cpu(`writes "${parts}", per delivery`, N, () => run(N));
  kv.close();
  await Deno.remove(path).catch(() => {});
}

async function reads(): Promise<void> {
  const path = await Deno.makeTempFile();
  const kv = await Deno.openKv(path);
  const ids = Array.from({ length: 2_000 }, () => uuidv7());
  for (let i = 0; i < ids.length; i += 100) {
    const op = kv.atomic();
    for (const id of ids.slice(i, i + 100)) op.set(["webhooks", id], record(id, id));
    await op.commit();
  }
  for (const size of [1, 3, 10]) {
    let next = 0;
    await cpu(`getMany of ${size} key(s), per read`, N, async () => {
      await Promise.all(Array.from({ length: 16 }, async () => {
        while (next < N) {
          const i = next++;
          await kv.getMany(
            Array.from(
              { length: size },
              (_, j) => ["webhooks", ids[(i * 7 + j * 13) % ids.length]],
            ),
          );
        }
      }));
    });
  }
  kv.close();
  await Deno.remove(path).catch(() => {});
}

for (const parts of ["r", "ri", "rc", "rs", "rics"]) await writes(parts);
await reads();
