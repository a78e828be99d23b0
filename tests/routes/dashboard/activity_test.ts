import assert from "node:assert/strict";
import { startTestService, type TestService } from "../../helpers/service.ts";
import { createIpBlock } from "../../../domain/blocks/store.ts";
import { Browser, seedUser } from "./browser.ts";

async function rateBlock(svc: TestService, siteId: string, ip: string) {
  const now = svc.ctx.clock.now();
  const id = crypto.randomUUID();
  await createIpBlock(svc.ctx.kv, {
    id,
    ip,
    reason: "rate_limit",
    blockedAt: new Date(now).toISOString(),
    blockedUntil: new Date(now + 3600_000).toISOString(),
    selfLiftable: true,
    note: null,
    triggeredBySiteId: siteId,
    liftedAt: null,
    liftedBySiteId: null,
  }, now);
  return id;
}

Deno.test("webhooks pause and resume, a rate-limit block lifts, the email log lists the notification", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const hook = await svc.admin("POST", `/sites/${a.siteId}/webhooks`, {
      url: "https://hooks.example.com/in",
      events: ["all"],
    });
    assert.equal(hook.status, 201, hook.text);
    const blockId = await rateBlock(svc, a.siteId, "203.0.113.50");
    const k = await svc.admin("POST", `/sites/${a.siteId}/api-keys`);
    const sent = await svc.api("POST", "forms/submit", {
      key: k.body.api_key as string,
      body: {
        form_id: 1,
        form_name: "Contact",
        fields: { email: "ann@example.org", message: "Could you send the price list? Thanks." },
      },
    });
    assert.equal(sent.status, 200, sent.text);

    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const log = await user.get(`/dashboard/sites/${a.siteId}/email-log`);
    assert.equal(log.status, 200);
    assert.match(log.text, /owner@example\.com/);
    assert.match(log.text, /<td>form<\/td>/);

    const hooks = await user.get(`/dashboard/sites/${a.siteId}/webhooks`);
    assert.match(hooks.text, /hooks\.example\.com/);
    const paused = await user.post(`/dashboard/sites/${a.siteId}/webhooks/${hook.body.id}/pause`);
    assert.equal(paused.status, 303);
    assert.equal((await svc.admin("GET", `/webhooks/${hook.body.id}`)).body.paused, true);
    assert.match((await user.get(`/dashboard/sites/${a.siteId}/webhooks`)).text, />Resume</);
    await user.post(`/dashboard/sites/${a.siteId}/webhooks/${hook.body.id}/resume`);
    assert.equal((await svc.admin("GET", `/webhooks/${hook.body.id}`)).body.paused, false);

    const blocks = await user.get(`/dashboard/sites/${a.siteId}/blocks`);
    assert.match(blocks.text, /203\.0\.113\.50/);
    const lifted = await user.post(`/dashboard/sites/${a.siteId}/blocks/ip/${blockId}/lift`);
    assert.equal(lifted.status, 303);
    assert.match((await user.get(`/dashboard/sites/${a.siteId}/blocks`)).text, /No active blocks/);
  } finally {
    await svc.close();
  }
});

Deno.test("another account's webhooks, blocks and email log are not found and unchanged", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc, "Alpha");
    const b = await seedUser(svc, "Bravo");
    const hook = await svc.admin("POST", `/sites/${b.siteId}/webhooks`, {
      url: "https://bravo-hooks.example.com/in",
      events: ["all"],
    });
    const blockId = await rateBlock(svc, b.siteId, "203.0.113.77");
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const texts: string[] = [];
    for (const page of ["email-log", "webhooks", "blocks"]) {
      assert.equal((await user.get(`/dashboard/sites/${a.siteId}/${page}`)).status, 200);
      texts.push(user.last);
      const p = await user.get(`/dashboard/sites/${b.siteId}/${page}`);
      assert.equal(p.status, 404);
      texts.push(p.text);
    }
    for (
      const url of [
        `/dashboard/sites/${b.siteId}/webhooks/${hook.body.id}/pause`,
        `/dashboard/sites/${a.siteId}/webhooks/${hook.body.id}/pause`,
        `/dashboard/sites/${b.siteId}/blocks/ip/${blockId}/lift`,
        `/dashboard/sites/${a.siteId}/blocks/ip/${blockId}/lift`,
      ]
    ) {
      await user.get(`/dashboard/sites/${a.siteId}`);
      const p = await user.post(url);
      assert.ok(p.status === 404 || p.status === 400, `${url} ${p.status}`);
      texts.push(p.text);
    }
    assert.equal((await svc.admin("GET", `/webhooks/${hook.body.id}`)).body.paused, false);
    const status = await svc.admin("GET", `/ip-blocks/${blockId}`);
    assert.equal(status.status, 200);
    assert.equal(status.body.liftedAt ?? null, null);
    assert.equal(texts.join("").includes("bravo-hooks"), false);
    assert.equal(texts.join("").includes("203.0.113.77"), false);
  } finally {
    await svc.close();
  }
});

Deno.test("a disable that requires admin review: the user cannot lift it, the operator reviews and enables; operator lifts any IP block", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedUser(svc);
    const d = await svc.admin("POST", `/sites/${a.siteId}/disable`, {
      automatic: false,
      reason: "Phishing reports",
    });
    assert.equal(d.status, 200, d.text);
    const foreign = await rateBlock(svc, "another-site", "198.51.100.66");
    const base = `/dashboard/sites/${a.siteId}/blocks`;
    const user = new Browser(svc);
    await user.signIn(a.email, a.password);
    const page = await user.get(base);
    assert.match(page.text, /Only the operator can lift this block after a review/);
    assert.doesNotMatch(page.text, /Enable site after review/);
    const tried = await user.post(`${base}/site/lift`);
    assert.equal(tried.status, 400);
    assert.match(tried.text, /requires_admin_review/);
    await user.get(base);
    assert.equal((await user.post(`${base}/site/review`, { reviewed: "on" })).status, 404);
    await user.get(base);
    assert.equal((await user.post(`${base}/ip/${foreign}/operator-lift`)).status, 404);
    assert.notEqual((await svc.admin("GET", `/sites/${a.siteId}`)).body.disabled, null);

    const op = new Browser(svc, "192.0.2.90");
    await op.get("/dashboard/operator");
    await op.request("POST", "/dashboard/operator", { form: { token: svc.ctx.config.adminToken } });
    await op.get("/dashboard/");
    await op.post("/dashboard/account", { account_id: a.accountId });
    // The landing page flags the site, linking to its review.
    assert.match(
      (await op.get("/dashboard/")).text,
      new RegExp(`href="${base}" class="flag">disabled, needs review<`),
    );
    const review = await op.get(base);
    assert.match(review.text, /Enable site after review/);
    assert.match(review.text, /<label for="review-ok">/);
    assert.equal((await op.post(`${base}/site/review`)).status, 400);
    await op.get(base);
    assert.equal((await op.post(`${base}/site/review`, { reviewed: "on" })).status, 303);
    assert.equal((await svc.admin("GET", `/sites/${a.siteId}`)).body.disabled, null);
    await op.get(base);
    assert.equal((await op.post(`${base}/ip/${foreign}/operator-lift`)).status, 303);
    assert.ok((await svc.admin("GET", `/ip-blocks/${foreign}`)).body.liftedAt);
  } finally {
    await svc.close();
  }
});
