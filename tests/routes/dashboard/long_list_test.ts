/**
 * "Long lists stay fast": the first page of a site's submissions with 100,000
 * stored costs what it costs with 30 (one index range read, then the rows).
 * Compared by the median of several renders, with a generous margin.
 */
import assert from "node:assert/strict";
import { startTestService, type TestService } from "../../helpers/service.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { Browser, seedUser } from "./browser.ts";

async function submitMany(svc: TestService, siteId: string, n: number): Promise<string[]> {
  const k = await svc.admin("POST", `/sites/${siteId}/api-keys`);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await svc.api("POST", "forms/submit", {
      key: k.body.api_key as string,
      body: { form_id: 1, fields: { email: `p${i}@example.org`, message: `Question ${i}?` } },
    });
    ids.push(r.body.id as string);
  }
  return ids;
}

/** A UUIDv7 of an old time (domain/kernel/ids.ts keeps its ids monotonic, so not that one). */
function oldId(ms: number, n: number): string {
  const t = ms.toString(16).padStart(12, "0");
  const r = n.toString(16).padStart(15, "0");
  return `${t.slice(0, 8)}-${t.slice(8)}-7${r.slice(0, 3)}-8${r.slice(3, 6)}-${r.slice(6)}000`;
}

async function medianMs(fn: () => Promise<unknown>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

Deno.test("the first page of 100,000 submissions renders in about the time of 30", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const small = await seedUser(svc, "Small");
    const big = await seedUser(svc, "Big", "Big site");
    await submitMany(svc, small.siteId, 30);
    const newest = await submitMany(svc, big.siteId, 30);
    // 100,000 older submissions of the big site, copies of a real record.
    const model = (await svc.ctx.kv.get<Record<string, unknown>>(keys.submission(newest[0])))
      .value!;
    const start = Date.now() - 400 * 24 * 3600_000;
    const N = 100_000;
    for (let i = 0; i < N; i += 500) {
      const op = svc.ctx.kv.atomic();
      for (let j = i; j < Math.min(N, i + 500); j++) {
        const id = oldId(start + j * 1000, j);
        op.set(keys.submission(id), { ...model, id }).set(
          keys.submissionBySite(big.siteId, id),
          id,
        );
      }
      assert.ok((await op.commit()).ok);
    }
    const sb = new Browser(svc);
    await sb.signIn(small.email, small.password);
    const bb = new Browser(svc);
    await bb.signIn(big.email, big.password);
    const first = await bb.get(`/dashboard/sites/${big.siteId}/submissions`);
    const shown = [...first.text.matchAll(/\/submissions\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    // Newest first by id (UUIDv7: time order).
    assert.deepEqual(shown, newest.slice().sort().reverse().slice(0, 25));
    const smallMs = await medianMs(() => sb.get(`/dashboard/sites/${small.siteId}/submissions`));
    const bigMs = await medianMs(() => bb.get(`/dashboard/sites/${big.siteId}/submissions`));
    console.log(
      `first page: 30 submissions ${smallMs.toFixed(1)} ms, 100,030 ${bigMs.toFixed(1)} ms`,
    );
    assert.ok(bigMs < smallMs * 3 + 20, `${bigMs} ms vs ${smallMs} ms`);
  } finally {
    await svc.close();
  }
});
