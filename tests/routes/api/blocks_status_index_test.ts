/**
 * GET /blocks/status reads indexes of active blocks only: a long block is
 * never hidden by many newer blocks that have ended, and ended blocks cost
 * nothing to skip. Blocks indexed the old way (before these indexes) still show.
 */
import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { blockStatus, STATUS_MAX_IP_BLOCKS } from "../../../domain/blocks/blocks.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { addIpBlockMutations, type IpBlock } from "../../../domain/blocks/store.ts";
import { getSite } from "../../../domain/sites/store.ts";
import { uuidv7 } from "../../../domain/kernel/ids.ts";

const T0 = Date.UTC(2026, 4, 1, 8);
const HOUR = 3600_000;

type Status = {
  any_active_block: boolean;
  ip_blocks: { id: string; ip: string; blockedUntil: string | null }[];
  headline: string | null;
};

type Env = { svc: TestService; clock: ManualClock; key: string; siteId: string };

async function withSite(fn: (e: Env) => Promise<void>) {
  const clock = new ManualClock(T0);
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const { key, siteId } = await seedSite(svc);
    await fn({ svc, clock, key, siteId });
  } finally {
    await svc.close();
  }
}

async function status(e: Env): Promise<Status> {
  const r = await e.svc.api("GET", "blocks/status", { key: e.key });
  assert.equal(r.status, 200, r.text);
  return r.body.status as Status;
}

/** An operator block through the API; `for` ms from now, or without end. */
async function block(
  e: Env,
  ip: string,
  siteId: string | null,
  forMs: number | null,
  reason = "rate_limit",
): Promise<string> {
  const r = await e.svc.admin("POST", "/ip-blocks", {
    ip,
    reason,
    site_id: siteId,
    blocked_until: forMs === null ? null : new Date(e.clock.now() + forMs).toISOString(),
  });
  assert.equal(r.status, 201, r.text);
  return r.body.id as string;
}

const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** A block record as the service writes it. */
function record(i: number, now: number, siteId: string | null, until: number | null): IpBlock {
  return {
    id: uuidv7(now),
    ip: ipOf(i),
    reason: "rate_limit",
    blockedAt: new Date(now).toISOString(),
    blockedUntil: until === null ? null : new Date(until).toISOString(),
    selfLiftable: true,
    note: null,
    triggeredBySiteId: siteId,
    liftedAt: null,
    liftedBySiteId: null,
  };
}

/** Counts what a KV handle is asked: list calls, entries they yield, point reads. */
function countingKv(kv: Deno.Kv) {
  const counts = { lists: 0, listed: 0, reads: 0 };
  const proxy = new Proxy(kv, {
    get(target, prop) {
      if (prop === "list") {
        return (sel: Deno.KvListSelector, opts?: Deno.KvListOptions) => {
          counts.lists++;
          const it = target.list(sel, opts);
          return (async function* () {
            for await (const entry of it) {
              counts.listed++;
              yield entry;
            }
          })();
        };
      }
      if (prop === "get" || prop === "getMany") counts.reads++;
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { kv: proxy as Deno.Kv, counts };
}

for (const owner of ["this site", "no site"] as const) {
  Deno.test(`an hour-long block of ${owner} stays listed after 160 newer blocks that ended after 5 s`, async () => {
    await withSite(async (e) => {
      const siteId = owner === "this site" ? e.siteId : null;
      const long = await block(e, "192.0.2.1", siteId, HOUR);
      for (let i = 0; i < 160; i++) {
        e.clock.advance(1);
        await block(e, ipOf(i), siteId, 5_000);
      }
      assert.equal((await status(e)).ip_blocks.length, STATUS_MAX_IP_BLOCKS, "all 161 in force");
      e.clock.advance(10_000);
      const s = await status(e);
      assert.deepEqual(s.ip_blocks.map((b) => b.id), [long]);
      assert.equal(s.any_active_block, true);
      assert.equal(s.headline, "1 IP address is blocked from submitting forms.");
      // At its end it goes too.
      e.clock.advance(HOUR);
      const after = await status(e);
      assert.deepEqual(after.ip_blocks, []);
      assert.equal(after.any_active_block, false);
      assert.equal(after.headline, null);
    });
  });
}

Deno.test("10,000 ended blocks do not slow the read: KV entries listed grow with the active blocks only", async () => {
  await withSite(async (e) => {
    const site = (await getSite(e.svc.ctx.kv, e.siteId))!;
    const measure = async () => {
      const { kv, counts } = countingKv(e.svc.ctx.kv);
      const s = await blockStatus({ ...e.svc.ctx, kv }, site);
      return { s, counts };
    };
    // A few active blocks: own timed and open, and one of no site.
    const active = [
      await block(e, "192.0.2.1", e.siteId, 2 * HOUR),
      await block(e, "192.0.2.2", e.siteId, null, "manual"),
      await block(e, "192.0.2.3", null, 3 * HOUR),
    ];
    const before = await measure();
    // 10,000 newer blocks (this site and no site) that end after 5 s.
    for (let n = 0; n < 10_000; n += 100) {
      const op = e.svc.ctx.kv.atomic();
      for (let i = n; i < n + 100; i++) {
        e.clock.advance(1);
        const now = e.clock.now();
        addIpBlockMutations(op, record(i, now, i % 2 ? e.siteId : null, now + 5_000), now);
      }
      assert.ok((await op.commit()).ok);
    }
    e.clock.advance(10_000);
    const after = await measure();
    assert.deepEqual(after.s.ip_blocks.map((b) => b.id), [...active].reverse());
    assert.equal(after.s.any_active_block, true);
    // The same reads as with no ended block at all: nothing ended is listed.
    assert.deepEqual(after.counts, before.counts);
    assert.equal(after.counts.listed, active.length);
    assert.ok(after.counts.lists <= 6, `${after.counts.lists} list calls`);
  });
});

Deno.test("the 100 listed are the newest active ones, timed and without end alike, whatever their end", async () => {
  await withSite(async (e) => {
    const ids: string[] = [];
    for (let i = 0; i < 130; i++) {
      e.clock.advance(1);
      // Newer timed blocks end sooner; every third block has no end; a few of no site.
      const forMs = i % 3 === 0 ? null : HOUR - i * 1000;
      ids.push(await block(e, ipOf(i), i % 10 === 0 ? null : e.siteId, forMs));
    }
    const s = await status(e);
    assert.deepEqual(s.ip_blocks.map((b) => b.id), ids.slice(30).reverse());
    // Lifting one of them brings the 101st newest in.
    await e.svc.admin("POST", `/ip-blocks/${ids[129]}/lift`);
    const next = await status(e);
    assert.deepEqual(next.ip_blocks.map((b) => b.id), ids.slice(29, 129).reverse());
  });
});

Deno.test("a lift removes the block from the active index at once", async () => {
  await withSite(async (e) => {
    const timed = await block(e, "192.0.2.1", e.siteId, HOUR);
    const open = await block(e, "192.0.2.2", null, null);
    for (const id of [timed, open]) {
      assert.equal((await e.svc.admin("POST", `/ip-blocks/${id}/lift`)).status, 200);
    }
    for (const prefix of [keys.ipBlocksActiveUntil(e.siteId), keys.ipBlocksActiveOpen(null)]) {
      const left = [];
      for await (const x of e.svc.ctx.kv.list({ prefix })) left.push(x.key);
      assert.deepEqual(left, [], `${prefix.join("/")} emptied`);
    }
    assert.deepEqual((await status(e)).ip_blocks, []);
  });
});

Deno.test("blocks indexed the old way (before the active index) still show, and lift like any other", async () => {
  await withSite(async (e) => {
    const kv = e.svc.ctx.kv;
    const now = e.clock.now();
    const legacy = [
      record(1, now, e.siteId, now + HOUR),
      record(2, now + 1, null, null),
      record(3, now + 2, e.siteId, now + 1_000), // ends soon
    ];
    for (const b of legacy) {
      // The old writes: record, by-ip and by-site entries (no active index).
      const ok = await kv.atomic()
        .set(keys.ipBlock(b.id), b)
        .set(keys.ipBlockByIp(b.ip, b.id), b)
        .set(keys.legacyIpBlockBySite(b.triggeredBySiteId, b.id), b)
        .commit();
      assert.ok(ok.ok);
    }
    e.clock.advance(5_000);
    const s = await status(e);
    assert.deepEqual(s.ip_blocks.map((b) => b.id), [legacy[1].id, legacy[0].id]);

    const lifted = await e.svc.api("POST", "blocks/lift", {
      key: e.key,
      body: { kind: "ip", block_id: legacy[0].id },
    });
    assert.equal(lifted.status, 200, lifted.text);
    assert.deepEqual((await status(e)).ip_blocks.map((b) => b.id), [legacy[1].id]);
    assert.equal((await kv.get(keys.legacyIpBlockBySite(e.siteId, legacy[0].id))).value, null);
  });
});
