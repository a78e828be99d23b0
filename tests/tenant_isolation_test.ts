/** Site A's key reads and changes nothing of site B (another account). */
import assert from "node:assert/strict";
import { seedSite, startTestService } from "./helpers/service.ts";
import { getIpBlock } from "../domain/blocks/store.ts";
import { getSite } from "../domain/sites/store.ts";
import { captchaSecret } from "../domain/forms/captcha_settings.ts";

Deno.test("site A's key can read or lift nothing of site B", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const a = await seedSite(svc);
    const b = await seedSite(svc);

    // B's state: captcha keys, a hosted form, a self-liftable IP block, automatic disablement.
    await svc.api("POST", "sites/captcha", {
      key: b.key,
      body: { provider: "hcaptcha", site_key: "b-public-key", secret_key: "b-secret" },
    });
    const form = await svc.admin("POST", `/accounts/${b.accountId}/forms`, {
      name: "B form",
      slug: "b-only",
    });
    assert.equal(form.status, 201);
    const block = await svc.admin("POST", "/ip-blocks", {
      ip: "198.51.100.77",
      reason: "rate_limit",
      site_id: b.siteId,
    });
    assert.equal(block.status, 201);

    // Captcha: A sees its own settings; A's change leaves B's untouched.
    const mine = await svc.api("GET", "sites/captcha", { key: a.key });
    assert.equal(mine.body.provider, "shared");
    assert.ok(!mine.text.includes("b-public-key"));
    await svc.api("POST", "sites/captcha", {
      key: a.key,
      body: { provider: "recaptcha", site_key: "a-key", secret_key: "a-secret" },
    });
    const bSite = (await getSite(svc.ctx.kv, b.siteId))!;
    assert.equal(bSite.captcha.site_key, "b-public-key");
    assert.equal(captchaSecret(svc.ctx, bSite), "b-secret");
    // A verify call with B's domain marks only A (and only as a non-match).
    const v = await svc.api("POST", "sites/verify", {
      key: a.key,
      body: { site_url: `https://${b.domain}` },
    });
    assert.equal((v.body.site as { id: string }).id, a.siteId);
    assert.equal((v.body.site as { domain_match: boolean }).domain_match, false);
    assert.equal((await getSite(svc.ctx.kv, b.siteId))!.verified, false);

    // Forms: B's account's form is not found for A.
    const r = await svc.api("GET", "forms/render/b-only", { key: a.key });
    assert.deepEqual([r.status, r.body], [404, { error: "form_not_found" }]);

    // Blocks: A does not see B's block and cannot lift it.
    const st = await svc.api("GET", "blocks/status", { key: a.key });
    assert.deepEqual((st.body.status as { ip_blocks: unknown[] }).ip_blocks, []);
    const lift = await svc.api("POST", "blocks/lift", {
      key: a.key,
      body: { kind: "ip", block_id: block.body.id },
    });
    assert.deepEqual([lift.status, lift.body], [403, { ok: false, error: "not_owner" }]);
    assert.equal((await getIpBlock(svc.ctx.kv, block.body.id as string))!.liftedAt, null);
    // B sees it.
    const bst = await svc.api("GET", "blocks/status", { key: b.key });
    assert.equal((bst.body.status as { ip_blocks: unknown[] }).ip_blocks.length, 1);

    // Lifting kind site with A's key only ever touches A.
    await svc.admin("POST", `/sites/${b.siteId}/disable`, { automatic: true });
    const liftSite = await svc.api("POST", "blocks/lift", { key: a.key, body: { kind: "site" } });
    assert.deepEqual([liftSite.status, liftSite.body], [400, {
      ok: false,
      error: "already_active",
    }]);
    assert.notEqual((await getSite(svc.ctx.kv, b.siteId))!.disabled, null);
    const aStatus = await svc.api("GET", "blocks/status", { key: a.key });
    assert.deepEqual((aStatus.body.status as { site_blocks: unknown[] }).site_blocks, []);
  } finally {
    await svc.close();
  }
});
