import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { legitBody, manualBlock, startFormsService, submit } from "../../helpers/forms.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { activeBlocksOfIp, liftIpBlock, listIpBlocks } from "../../../domain/blocks/store.ts";

function from(domain: string, ip: string, extra: Record<string, unknown> = {}) {
  const b = legitBody(domain, extra);
  return { ...b, visitor: { ...b.visitor, ip } };
}

async function stored(svc: TestService, siteId: string): Promise<number> {
  return ((await svc.admin("GET", `/sites/${siteId}/submissions?limit=200`)).body
    .items as unknown[])
    .length;
}

Deno.test("rate limit: four submissions within a minute pass, the fifth is blocked and blocks the IP for an hour", async () => {
  const clock = new ManualClock(Date.UTC(2026, 3, 1, 12, 0, 0));
  const svc = await startFormsService({ clock, runJobs: false });
  try {
    const { key, siteId, domain } = await seedSite(svc);
    for (let i = 0; i < 4; i++) {
      const r = await submit(svc, key, from(domain, "198.51.100.20"));
      assert.ok(r.body.id, `submission ${i + 1}: ${r.text}`);
      clock.advance(10_000);
    }
    const fifth = await submit(svc, key, from(domain, "198.51.100.20"));
    assert.deepEqual(fifth.body, { ok: true, blocked: true, reason: "rate_limit" });
    assert.equal(await stored(svc, siteId), 4);

    const blocks = await activeBlocksOfIp(svc.ctx.kv, "198.51.100.20", clock.now());
    assert.equal(blocks.length, 1);
    const b = blocks[0];
    assert.equal(b.reason, "rate_limit");
    assert.equal(b.selfLiftable, true);
    assert.equal(b.triggeredBySiteId, siteId);
    assert.equal(b.ip, "198.51.100.20");
    assert.equal(Date.parse(b.blockedUntil!) - Date.parse(b.blockedAt), 60 * 60 * 1000);

    // Still blocked just before the hour ends, even though the window is empty.
    clock.advance(60 * 60 * 1000 - 1);
    assert.deepEqual((await submit(svc, key, from(domain, "198.51.100.20"))).body, {
      ok: true,
      blocked: true,
      reason: "ip_blocked",
    });
    // The hour is over: accepted again, and no new block.
    clock.advance(1);
    const after = await submit(svc, key, from(domain, "198.51.100.20"));
    assert.ok(after.body.id, after.text);
    assert.equal((await activeBlocksOfIp(svc.ctx.kv, "198.51.100.20", clock.now())).length, 0);
    assert.equal((await listIpBlocks(svc.ctx.kv)).length, 1);
  } finally {
    await svc.close();
  }
});

Deno.test("rate limit: an entry exactly 60 s old no longer counts", async () => {
  const clock = new ManualClock(Date.UTC(2026, 3, 1, 12, 0, 0));
  const svc = await startFormsService({ clock, runJobs: false });
  try {
    const { key, domain } = await seedSite(svc);
    for (let i = 0; i < 4; i++) {
      assert.ok((await submit(svc, key, from(domain, "192.0.2.44"))).body.id);
    }
    clock.advance(60_000);
    const r = await submit(svc, key, from(domain, "192.0.2.44"));
    assert.ok(r.body.id, "the four are all exactly 60 s old: outside the last 60 s");
  } finally {
    await svc.close();
  }
});

Deno.test("rate limit: submissions to any site count, and IPv4-mapped IPv6 is the same IP", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const a = await seedSite(svc);
    const b = await seedSite(svc);
    const c = await seedSite(svc);
    assert.ok((await submit(svc, a.key, from(a.domain, "192.0.2.7"))).body.id);
    assert.ok((await submit(svc, a.key, from(a.domain, "::ffff:192.0.2.7"))).body.id);
    assert.ok((await submit(svc, b.key, from(b.domain, "::FFFF:c000:0207"))).body.id);
    assert.ok((await submit(svc, b.key, from(b.domain, " 192.0.2.7 "))).body.id);
    const fifth = await submit(svc, c.key, from(c.domain, "192.0.2.7"));
    assert.deepEqual(fifth.body, { ok: true, blocked: true, reason: "rate_limit" });
    const [block] = await activeBlocksOfIp(svc.ctx.kv, "192.0.2.7", Date.now());
    assert.equal(block.triggeredBySiteId, c.siteId);
    // The block applies on every site.
    assert.deepEqual((await submit(svc, a.key, from(a.domain, "::ffff:192.0.2.7"))).body, {
      ok: true,
      blocked: true,
      reason: "ip_blocked",
    });
    // Another IP is unaffected.
    assert.ok((await submit(svc, a.key, from(a.domain, "192.0.2.8"))).body.id);
  } finally {
    await svc.close();
  }
});

Deno.test("rate limit: IPv6 addresses of one /64 share a window; another /64 does not", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const { key, domain } = await seedSite(svc);
    for (
      const ip of [
        "2001:db8:1:2::1",
        "2001:db8:1:2::2",
        "2001:DB8:1:2:ffff::9",
        "2001:db8:1:2:0:0:0:4",
      ]
    ) {
      assert.ok((await submit(svc, key, from(domain, ip))).body.id, ip);
    }
    assert.deepEqual((await submit(svc, key, from(domain, "2001:db8:1:2::77"))).body, {
      ok: true,
      blocked: true,
      reason: "rate_limit",
    });
    const [block] = await activeBlocksOfIp(svc.ctx.kv, "2001:db8:1:2::/64", Date.now());
    assert.equal(block.ip, "2001:db8:1:2::/64");
    assert.ok((await submit(svc, key, from(domain, "2001:db8:1:3::1"))).body.id);
  } finally {
    await svc.close();
  }
});

Deno.test("rate limit: 20 parallel submissions from one IP store exactly 4 and start one block", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const { key, siteId, domain } = await seedSite(svc);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => submit(svc, key, from(domain, "203.0.113.200"))),
    );
    const ids = answers.filter((a) => a.body.id);
    const blocked = answers.filter((a) => a.body.blocked === true);
    assert.equal(ids.length, 4);
    assert.equal(blocked.length, 16);
    assert.ok(answers.every((a) => a.status === 200));
    assert.equal(await stored(svc, siteId), 4);
    assert.equal((await listIpBlocks(svc.ctx.kv)).length, 1);
  } finally {
    await svc.close();
  }
});

Deno.test("ip blocks: an active block blocks, a lifted one does not, and no ip skips the checks", async () => {
  const svc = await startFormsService({ runJobs: false });
  try {
    const { key, siteId, domain } = await seedSite(svc);
    await manualBlock(svc, "block-1", "198.51.100.77");
    assert.deepEqual((await submit(svc, key, from(domain, "198.51.100.77"))).body, {
      ok: true,
      blocked: true,
      reason: "ip_blocked",
    });
    assert.deepEqual((await submit(svc, key, from(domain, "::ffff:198.51.100.77"))).body, {
      ok: true,
      blocked: true,
      reason: "ip_blocked",
    });
    await liftIpBlock(svc.ctx.kv, "block-1", new Date().toISOString(), null);
    assert.ok((await submit(svc, key, from(domain, "198.51.100.77"))).body.id);
    // Without an ip (or with one that is not an address) nothing is counted.
    for (let i = 0; i < 6; i++) {
      assert.ok((await submit(svc, key, legitBody(domain))).body.id);
      assert.ok((await submit(svc, key, from(domain, "unknown"))).body.id);
    }
    assert.equal(await stored(svc, siteId), 13);
  } finally {
    await svc.close();
  }
});
