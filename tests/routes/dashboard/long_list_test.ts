/**
 * "Long lists stay fast": the first page of a site's submissions (and of its
 * email log) with 100,000 stored costs what it costs with 30: one bounded index
 * range read, then the rows. Compared by the KV entries each render reads
 * (exact, whatever the machine's load), not by a clock; the times are printed.
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

/** KV entries read (each get, each key of a getMany, each entry a listing yields) while `fn` runs. */
async function entriesRead(svc: TestService, fn: () => Promise<unknown>): Promise<number> {
  const kv = svc.ctx.kv;
  let n = 0;
  svc.ctx.kv = new Proxy(kv, {
    get(target, prop) {
      const v = Reflect.get(target, prop, target);
      if (prop === "get") {
        return (...a: Parameters<Deno.Kv["get"]>) => (n++, target.get(...a));
      }
      if (prop === "getMany") {
        return (keys: Deno.KvKey[], o?: { consistency?: Deno.KvConsistencyLevel }) => {
          n += keys.length;
          return target.getMany(keys, o);
        };
      }
      if (prop === "list") {
        return (sel: Deno.KvListSelector, o?: Deno.KvListOptions) => {
          const it = target.list(sel, o);
          return {
            async *[Symbol.asyncIterator]() {
              for await (const e of it) {
                n++;
                yield e;
              }
            },
          };
        };
      }
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  try {
    await fn();
  } finally {
    svc.ctx.kv = kv;
  }
  return n;
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

Deno.test("the first page of 100,000 submissions reads as many KV entries as the first page of 30", async () => {
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
    const smallReads = await entriesRead(
      svc,
      () => sb.get(`/dashboard/sites/${small.siteId}/submissions`),
    );
    const bigReads = await entriesRead(
      svc,
      () => bb.get(`/dashboard/sites/${big.siteId}/submissions`),
    );
    assert.equal(bigReads, smallReads);
    assert.ok(bigReads < 100, `${bigReads} entries`);
    // The second page (by cursor) costs the same too.
    const cursor = /href="[^"]*before=([0-9a-f-]{36})[^"]*"/.exec(first.text)?.[1];
    assert.ok(cursor);
    const nextReads = await entriesRead(
      svc,
      () => bb.get(`/dashboard/sites/${big.siteId}/submissions?before=${cursor}`),
    );
    assert.ok(nextReads <= bigReads + 1, `${nextReads} vs ${bigReads}`);
    const smallMs = await medianMs(() => sb.get(`/dashboard/sites/${small.siteId}/submissions`));
    const bigMs = await medianMs(() => bb.get(`/dashboard/sites/${big.siteId}/submissions`));
    console.log(
      `first page: 30 submissions ${smallReads} KV entries, ${smallMs.toFixed(1)} ms; ` +
        `100,030: ${bigReads} entries, ${bigMs.toFixed(1)} ms`,
    );
  } finally {
    await svc.close();
  }
});

Deno.test("the first page of an email log of 100,000 reads as many KV entries as one of 60", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const small = await seedUser(svc, "Small");
    const big = await seedUser(svc, "Big", "Big site");
    const send = async (siteId: string, n: number) => {
      const key = (await svc.admin("POST", `/sites/${siteId}/api-keys`)).body.api_key as string;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const r = await svc.api("POST", "mail/send", {
          key,
          body: { to: `p${i}@example.org`, subject: `Order ${i}`, text: "Shipped." },
        });
        ids.push(r.body.log_id as string ?? (r.body.message_id as string).slice(1, 37));
      }
      return ids;
    };
    await send(small.siteId, 60);
    const newest = await send(big.siteId, 60);
    const model = (await svc.ctx.kv.get<Record<string, unknown>>(keys.emailLog(newest[0]))).value!;
    const start = Date.now() - 400 * 24 * 3600_000;
    const N = 100_000;
    for (let i = 0; i < N; i += 500) {
      const op = svc.ctx.kv.atomic();
      for (let j = i; j < Math.min(N, i + 500); j++) {
        const id = oldId(start + j * 1000, j);
        op.set(keys.emailLog(id), { ...model, id }).set(keys.emailLogBySite(big.siteId, id), id);
      }
      assert.ok((await op.commit()).ok);
    }
    const sb = new Browser(svc);
    await sb.signIn(small.email, small.password);
    const bb = new Browser(svc, "192.0.2.11");
    await bb.signIn(big.email, big.password);
    const smallReads = await entriesRead(
      svc,
      () => sb.get(`/dashboard/sites/${small.siteId}/email-log`),
    );
    const bigReads = await entriesRead(
      svc,
      () => bb.get(`/dashboard/sites/${big.siteId}/email-log`),
    );
    assert.equal(bigReads, smallReads);
    const cursor = /href="[^"]*before=([0-9a-f-]{36})[^"]*" rel="next"/.exec(bb.last)?.[1];
    assert.ok(cursor);
    const deep = await entriesRead(
      svc,
      () =>
        bb.get(
          `/dashboard/sites/${big.siteId}/email-log?before=${oldId(start + 50_000_000, 50_000)}`,
        ),
    );
    assert.equal(deep, bigReads, "a page deep in the log costs the same");
    console.log(`email log first page: 60 records ${smallReads} KV entries; 100,060: ${bigReads}`);
  } finally {
    await svc.close();
  }
});
