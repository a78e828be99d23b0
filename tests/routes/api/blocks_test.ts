import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { DEFAULT_DISABLED_REASON, isIpBlocked } from "../../../domain/blocks/blocks.ts";
import { getIpBlock } from "../../../domain/blocks/store.ts";
import { getSite } from "../../../domain/sites/store.ts";
import { legitBody, startFormsService } from "../../helpers/forms.ts";

const T0 = Date.UTC(2026, 4, 1, 8);

type Ctx = { svc: TestService; clock: ManualClock; key: string; siteId: string };

async function withSite(fn: (c: Ctx) => Promise<void>) {
  const clock = new ManualClock(T0);
  const svc = await startTestService({ runJobs: false, clock });
  try {
    const { key, siteId } = await seedSite(svc);
    await fn({ svc, clock, key, siteId });
  } finally {
    await svc.close();
  }
}

async function block(
  svc: TestService,
  b: { ip?: string; reason?: string; site_id?: string | null; blocked_until?: string | null },
): Promise<string> {
  const r = await svc.admin("POST", "/ip-blocks", {
    ip: "203.0.113.7",
    reason: "rate_limit",
    site_id: null,
    blocked_until: null,
    ...b,
  });
  assert.equal(r.status, 201, r.text);
  return r.body.id as string;
}

const status = (c: Ctx, key = c.key) => c.svc.api("GET", "blocks/status", { key });
const lift = (c: Ctx, body: unknown, key = c.key) =>
  c.svc.api("POST", "blocks/lift", { key, body });

type Status = {
  any_active_block: boolean;
  site_blocks: Record<string, unknown>[];
  ip_blocks: Record<string, unknown>[];
  headline: string | null;
};

Deno.test("status of a site with nothing blocked", async () => {
  await withSite(async (c) => {
    const r = await status(c);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      ok: true,
      status: { any_active_block: false, site_blocks: [], ip_blocks: [], headline: null },
    });
  });
});

Deno.test("an automatically disabled site shows one site block item, self-liftable", async () => {
  await withSite(async (c) => {
    await c.svc.admin("POST", `/sites/${c.siteId}/disable`, {
      automatic: true,
      reason: "Abusive traffic detected",
    });
    const r = await status(c);
    assert.equal(r.status, 200);
    const s = r.body.status as Status;
    assert.equal(s.any_active_block, true);
    assert.deepEqual(s.site_blocks, [{
      siteId: c.siteId,
      siteName: "Example Site",
      status: "inactive",
      reason: "Abusive traffic detected",
      selfLiftable: true,
      disabledAt: new Date(T0).toISOString(),
    }]);
    assert.deepEqual(s.ip_blocks, []);
    assert.equal(typeof s.headline, "string");
    assert.match(s.headline!, /^[^.]+\.$/); // one sentence
  });
});

Deno.test("a site disabled by hand with no reason gets the default text and is not self-liftable", async () => {
  await withSite(async (c) => {
    await c.svc.admin("POST", `/sites/${c.siteId}/disable`, { automatic: false });
    const s = (await status(c)).body.status as Status;
    assert.equal(s.site_blocks[0].reason, DEFAULT_DISABLED_REASON);
    assert.equal(s.site_blocks[0].selfLiftable, false);
  });
});

Deno.test("ip_blocks: active blocks of this site and of no site, newest first, spec fields only", async () => {
  await withSite(async (c) => {
    const other = await seedSite(c.svc);
    const mine = await block(c.svc, { ip: "198.51.100.1", site_id: c.siteId });
    c.clock.advance(1000);
    const unowned = await block(c.svc, { ip: "198.51.100.2", reason: "manual" });
    c.clock.advance(1000);
    await block(c.svc, { ip: "198.51.100.3", site_id: other.siteId });
    c.clock.advance(1000);
    const lifted = await block(c.svc, { ip: "198.51.100.4", site_id: c.siteId });
    await c.svc.admin("POST", `/ip-blocks/${lifted}/lift`);
    const timed = await block(c.svc, {
      ip: "2001:db8::1",
      site_id: c.siteId,
      blocked_until: new Date(T0 + 3600_000).toISOString(),
    });
    const s = (await status(c)).body.status as Status;
    assert.deepEqual(s.ip_blocks.map((b) => b.id), [timed, unowned, mine]);
    assert.deepEqual(s.ip_blocks[0], {
      id: timed,
      ip: "2001:db8::1",
      reason: "rate_limit",
      blockedAt: new Date(T0 + 3000).toISOString(),
      blockedUntil: new Date(T0 + 3600_000).toISOString(),
      selfLiftable: true,
      note: null,
      triggeredBySiteId: c.siteId,
    });
    assert.equal(s.ip_blocks[1].triggeredBySiteId, null);
    assert.equal(s.ip_blocks[1].selfLiftable, false);
    assert.equal(s.any_active_block, true);
    assert.equal(s.site_blocks.length, 0);
    assert.equal(s.headline, "3 IP addresses are blocked from submitting forms.");

    // The timed block ends after its hour.
    c.clock.advance(3600_000);
    const later = (await status(c)).body.status as Status;
    assert.deepEqual(later.ip_blocks.map((b) => b.id), [unowned, mine]);
  });
});

Deno.test("ip_blocks holds at most 100 items, the newest", async () => {
  await withSite(async (c) => {
    const ids: string[] = [];
    for (let i = 0; i < 103; i++) {
      ids.push(await block(c.svc, { ip: `10.0.${i >> 8}.${i & 255}`, site_id: c.siteId }));
      c.clock.advance(1);
    }
    const s = (await status(c)).body.status as Status;
    assert.equal(s.ip_blocks.length, 100);
    assert.deepEqual(s.ip_blocks.map((b) => b.id), ids.slice(3).reverse());
  });
});

Deno.test("status and lift work with a disabled site's key; other endpoints answer site_disabled", async () => {
  await withSite(async (c) => {
    await c.svc.admin("POST", `/sites/${c.siteId}/disable`, { automatic: true });
    assert.equal((await status(c)).status, 200);
    const blocked = await c.svc.api("GET", "sites/captcha", { key: c.key });
    assert.deepEqual([blocked.status, blocked.body], [403, { error: "site_disabled" }]);
    const r = await lift(c, { kind: "site" });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { ok: true, lifted: "site" });
    assert.equal((await getSite(c.svc.ctx.kv, c.siteId))!.disabled, null);
    assert.equal((await c.svc.api("GET", "sites/captcha", { key: c.key })).status, 200);
  });
});

Deno.test("lift kind site: already_active when the site is not disabled", async () => {
  await withSite(async (c) => {
    const r = await lift(c, { kind: "site" });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { ok: false, error: "already_active" });
  });
});

Deno.test("lift kind site: requires_admin_review when disabled by hand; the site stays disabled", async () => {
  await withSite(async (c) => {
    await c.svc.admin("POST", `/sites/${c.siteId}/disable`, { automatic: false, reason: "ToS" });
    const r = await lift(c, { kind: "site" });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { ok: false, error: "requires_admin_review" });
    assert.notEqual((await getSite(c.svc.ctx.kv, c.siteId))!.disabled, null);
  });
});

Deno.test("lift kind ip frees the address for every site", async () => {
  await withSite(async (c) => {
    const id = await block(c.svc, { ip: "192.0.2.9", site_id: c.siteId });
    assert.equal(await isIpBlocked(c.svc.ctx, "192.0.2.9"), true);
    assert.equal(await isIpBlocked(c.svc.ctx, "::ffff:192.0.2.9"), true);
    const r = await lift(c, { kind: "ip", block_id: id });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { ok: true, lifted: "ip" });
    assert.equal(await isIpBlocked(c.svc.ctx, "192.0.2.9"), false);
    const rec = (await getIpBlock(c.svc.ctx.kv, id))!;
    assert.equal(rec.liftedAt, new Date(T0).toISOString());
    assert.equal(rec.liftedBySiteId, c.siteId);
    assert.deepEqual(((await status(c)).body.status as Status).ip_blocks, []);
  });
});

Deno.test("lift kind ip errors: not_found, already_lifted, not_self_liftable, not_owner", async () => {
  await withSite(async (c) => {
    const other = await seedSite(c.svc);
    const nf = await lift(c, { kind: "ip", block_id: "no-such-block" });
    assert.deepEqual([nf.status, nf.body], [404, { ok: false, error: "not_found" }]);

    const mine = await block(c.svc, { site_id: c.siteId });
    await lift(c, { kind: "ip", block_id: mine });
    const again = await lift(c, { kind: "ip", block_id: mine });
    assert.deepEqual([again.status, again.body], [400, { ok: false, error: "already_lifted" }]);

    const ended = await block(c.svc, {
      site_id: c.siteId,
      blocked_until: new Date(T0 + 60_000).toISOString(),
    });
    c.clock.advance(61_000);
    const gone = await lift(c, { kind: "ip", block_id: ended });
    assert.deepEqual([gone.status, gone.body], [400, { ok: false, error: "already_lifted" }]);

    const manual = await block(c.svc, { site_id: c.siteId, reason: "manual" });
    const nsl = await lift(c, { kind: "ip", block_id: manual });
    assert.deepEqual([nsl.status, nsl.body], [403, { ok: false, error: "not_self_liftable" }]);

    for (const site_id of [other.siteId, null]) {
      const theirs = await block(c.svc, { ip: "192.0.2.50", site_id });
      const no = await lift(c, { kind: "ip", block_id: theirs });
      assert.deepEqual([no.status, no.body], [403, { ok: false, error: "not_owner" }]);
      assert.equal((await getIpBlock(c.svc.ctx.kv, theirs))!.liftedAt, null);
    }
    assert.equal(await isIpBlocked(c.svc.ctx, "192.0.2.50"), true);
  });
});

Deno.test("lift bad_body: invalid JSON, wrong Content-Type, kind missing or wrong, block_id missing or too long", async () => {
  await withSite(async (c) => {
    const raw = async (raw: string, ct?: string) =>
      await c.svc.api("POST", "blocks/lift", {
        key: c.key,
        raw,
        headers: ct ? { "content-type": ct } : {},
      });
    const answers = [
      await raw("{kind:", "application/json"),
      await raw("", "application/json"),
      await raw(JSON.stringify({ kind: "site" }), "text/plain"),
      await raw(JSON.stringify({ kind: "site" })),
      await lift(c, {}),
      await lift(c, []),
      await lift(c, null),
      await lift(c, "site"),
      await lift(c, { kind: "IP", block_id: "x" }),
      await lift(c, { kind: "both" }),
      await lift(c, { kind: 1 }),
      await lift(c, { kind: "ip" }),
      await lift(c, { kind: "ip", block_id: "" }),
      await lift(c, { kind: "ip", block_id: 12 }),
      await lift(c, { kind: "ip", block_id: null }),
      await lift(c, { kind: "ip", block_id: "b".repeat(81) }),
    ];
    for (const [i, r] of answers.entries()) {
      assert.equal(r.status, 400, `case ${i}`);
      assert.deepEqual(r.body, { ok: false, error: "bad_body" }, `case ${i}`);
    }
    // 80 characters pass the body check (and then are not found).
    const at80 = await lift(c, { kind: "ip", block_id: "b".repeat(80) });
    assert.deepEqual([at80.status, at80.body], [404, { ok: false, error: "not_found" }]);
  });
});

Deno.test("blocks endpoints answer key errors with ok false", async () => {
  await withSite(async (c) => {
    const m = await c.svc.api("GET", "blocks/status");
    assert.deepEqual([m.status, m.body], [401, { ok: false, error: "missing_api_key" }]);
    const i = await lift(c, { kind: "site" }, "svc_live_wrong");
    assert.deepEqual([i.status, i.body], [401, { ok: false, error: "invalid_api_key" }]);
  });
});

Deno.test("a site disabled by the abuse rule: site_disabled, a self-liftable site block, lifted by its key", async () => {
  const svc = await startFormsService({
    runJobs: false,
    config: { SVC_FORM_ABUSE_DISABLE_COUNT: 3 },
  });
  try {
    const { key, siteId, domain } = await seedSite(svc);
    await block(svc, { ip: "198.51.100.99", reason: "manual" });
    for (let i = 0; i < 3; i++) {
      const r = await svc.api("POST", "forms/submit", {
        key,
        body: { ...legitBody(domain), visitor: { ip: "198.51.100.99" } },
      });
      assert.deepEqual(r.body, { ok: true, blocked: true, reason: "ip_blocked" });
    }
    const refused = await svc.api("POST", "forms/submit", { key, body: legitBody(domain) });
    assert.deepEqual([refused.status, refused.body], [403, { error: "site_disabled" }]);

    const s = (await svc.api("GET", "blocks/status", { key })).body.status as Status;
    assert.equal(s.any_active_block, true);
    assert.equal(s.site_blocks.length, 1);
    const item = s.site_blocks[0];
    assert.deepEqual(Object.keys(item).sort(), [
      "disabledAt",
      "reason",
      "selfLiftable",
      "siteId",
      "siteName",
      "status",
    ]);
    assert.equal(item.siteId, siteId);
    assert.equal(item.selfLiftable, true);
    assert.equal(item.status, "inactive");
    assert.ok(typeof item.reason === "string" && item.reason.length > 0);
    assert.ok(Date.parse(item.disabledAt as string) > 0);
    // The unowned manual block is listed too; the headline names both in one sentence.
    assert.equal(s.ip_blocks.length, 1);
    assert.equal(
      s.headline,
      "This site is disabled and 1 IP address is blocked from submitting forms.",
    );

    const lifted = await svc.api("POST", "blocks/lift", { key, body: { kind: "site" } });
    assert.deepEqual([lifted.status, lifted.body], [200, { ok: true, lifted: "site" }]);
    const ok = await svc.api("POST", "forms/submit", { key, body: legitBody(domain) });
    assert.equal(ok.status, 200);
    assert.ok(ok.body.id, ok.text);
  } finally {
    await svc.close();
  }
});

Deno.test("a block started by the form rate limit: listed for its site only, self-liftable there, and lifting frees the IP everywhere", async () => {
  const clock = new ManualClock(T0);
  const svc = await startFormsService({ runJobs: false, clock });
  try {
    const a = await seedSite(svc);
    const c = await seedSite(svc);
    const from = (domain: string) => ({
      ...legitBody(domain),
      visitor: { ip: "203.0.113.44", user_agent: "Mozilla/5.0" },
    });
    for (let i = 0; i < 4; i++) {
      assert.ok(
        (await svc.api("POST", "forms/submit", { key: c.key, body: from(c.domain) })).body.id,
      );
    }
    const fifth = await svc.api("POST", "forms/submit", { key: c.key, body: from(c.domain) });
    assert.deepEqual(fifth.body, { ok: true, blocked: true, reason: "rate_limit" });

    const mine = (await svc.api("GET", "blocks/status", { key: c.key })).body.status as Status;
    assert.equal(mine.ip_blocks.length, 1);
    const b = mine.ip_blocks[0];
    assert.deepEqual(Object.keys(b).sort(), [
      "blockedAt",
      "blockedUntil",
      "id",
      "ip",
      "note",
      "reason",
      "selfLiftable",
      "triggeredBySiteId",
    ]);
    assert.equal(b.ip, "203.0.113.44");
    assert.equal(b.reason, "rate_limit");
    assert.equal(b.selfLiftable, true);
    assert.equal(b.triggeredBySiteId, c.siteId);
    assert.equal(b.blockedAt, new Date(T0).toISOString());
    assert.equal(b.blockedUntil, new Date(T0 + 3600_000).toISOString());
    assert.equal(mine.headline, "1 IP address is blocked from submitting forms.");

    // The other site neither sees it nor may lift it, but is blocked by it.
    const theirs = (await svc.api("GET", "blocks/status", { key: a.key })).body.status as Status;
    assert.deepEqual(theirs.ip_blocks, []);
    assert.equal(theirs.headline, null);
    const denied = await svc.api("POST", "blocks/lift", {
      key: a.key,
      body: { kind: "ip", block_id: b.id },
    });
    assert.deepEqual([denied.status, denied.body], [403, { ok: false, error: "not_owner" }]);
    assert.deepEqual(
      (await svc.api("POST", "forms/submit", { key: a.key, body: from(a.domain) })).body,
      { ok: true, blocked: true, reason: "ip_blocked" },
    );

    // A minute later (the window is empty), the owner lifts it: the IP submits anywhere.
    clock.advance(61_000);
    const lifted = await svc.api("POST", "blocks/lift", {
      key: c.key,
      body: { kind: "ip", block_id: b.id },
    });
    assert.deepEqual([lifted.status, lifted.body], [200, { ok: true, lifted: "ip" }]);
    assert.ok(
      (await svc.api("POST", "forms/submit", { key: a.key, body: from(a.domain) })).body.id,
    );
    const after = (await svc.api("GET", "blocks/status", { key: c.key })).body.status as Status;
    assert.deepEqual([after.ip_blocks, after.any_active_block, after.headline], [[], false, null]);
  } finally {
    await svc.close();
  }
});

Deno.test("concurrent lifts of one IP block: exactly one answers lifted, the others already_lifted", async () => {
  await withSite(async (c) => {
    const id = await block(c.svc, { ip: "192.0.2.77", site_id: c.siteId });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => lift(c, { kind: "ip", block_id: id })),
    );
    const won = answers.filter((a) => a.status === 200);
    assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.body)));
    assert.deepEqual(won[0].body, { ok: true, lifted: "ip" });
    for (const a of answers.filter((a) => a.status !== 200)) {
      assert.deepEqual([a.status, a.body], [400, { ok: false, error: "already_lifted" }]);
    }
    // The operator's lift of the same block races the same way: one 200, the rest 409.
    const again = await block(c.svc, { ip: "192.0.2.78", site_id: c.siteId });
    const ops = await Promise.all(
      Array.from({ length: 10 }, () => c.svc.admin("POST", `/ip-blocks/${again}/lift`)),
    );
    assert.deepEqual(ops.map((o) => o.status).sort(), [200, ...Array(9).fill(409)]);
  });
});
