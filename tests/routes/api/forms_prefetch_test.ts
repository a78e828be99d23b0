/**
 * POST /forms/submit for a key seen before: its body is read first and the
 * submission's reads are prefetched with the key check, in one KV round trip
 * (beside the IP block listing). The answers must be those of a key seen for
 * the first time: key checks before body errors, and nothing stale from the
 * site as it was when the key was last seen.
 */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import { legitBody, manualBlock, submit, withMail } from "../../helpers/forms.ts";
import { addSuppression } from "../../../domain/suppressions/store.ts";
import { readsOf } from "../../helpers/kv_reads.ts";

Deno.test("a known key's submission goes to the site's notification address as it is now", async () => {
  await withMail(async (svc, smtp) => {
    const s = await seedSite(svc, { site: { default_notify_email: "first@example.com" } });
    const one = await submit(svc, s.key, legitBody(s.domain));
    assert.equal(one.body.email_sent, true, JSON.stringify(one.body));
    const change = (to: string) =>
      svc.admin("PATCH", `/sites/${s.siteId}`, { default_notify_email: to });
    assert.equal((await change("second@example.com")).status, 200);
    const two = await submit(svc, s.key, legitBody(s.domain));
    assert.equal(two.body.email_sent, true, JSON.stringify(two.body));
    const got = await smtp.waitFor(2);
    assert.deepEqual(got.map((m) => m.rcptTo), [["first@example.com"], ["second@example.com"]]);
    // A new address's suppression is read, not the state of the address the key last saw.
    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "third@example.com",
      reason: "bounced",
      detail: null,
      created_at: new Date().toISOString(),
    });
    assert.equal((await change("third@example.com")).status, 200);
    const three = await submit(svc, s.key, legitBody(s.domain));
    assert.equal(three.body.email_sent, false, JSON.stringify(three.body));
    assert.equal(smtp.messages.length, 2);
  });
});

Deno.test("a known key's submission from an IP blocked since is answered blocked", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    const body = { ...legitBody(s.domain), visitor: { ip: "203.0.113.77" } };
    assert.ok((await submit(svc, s.key, body)).body.id);
    await manualBlock(svc, "b-prefetch", "203.0.113.77");
    assert.deepEqual((await submit(svc, s.key, body)).body, {
      ok: true,
      blocked: true,
      reason: "ip_blocked",
    });
  });
});

Deno.test("a known key's bad body answers after the key checks, in their order", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    const k2 = await svc.admin("POST", `/sites/${s.siteId}/api-keys`);
    const second = k2.body.api_key as string;
    for (const key of [s.key, second]) {
      assert.ok((await submit(svc, key, legitBody(s.domain))).body.id);
    }
    const raw = (key: string, text: string) =>
      svc.api("POST", "forms/submit", {
        key,
        raw: text,
        headers: { "content-type": "application/json" },
      });

    assert.deepEqual((await raw(s.key, "{nope")).body, { error: "invalid_json" });
    const invalid = await submit(svc, s.key, { form_id: "7" });
    assert.equal(invalid.body.error, "invalid_payload");
    await svc.admin("DELETE", `/sites/${s.siteId}/api-keys/${k2.body.id}`);
    const revoked = await raw(second, "{nope");
    assert.equal(revoked.status, 401);
    assert.deepEqual(revoked.body, { error: "invalid_api_key" });
    await svc.admin("POST", `/sites/${s.siteId}/disable`, { automatic: false });
    assert.deepEqual((await raw(s.key, "{nope")).body, { error: "site_disabled" });
  });
});

Deno.test("a known key's submission reads the key, its site and all its state in one round trip", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    assert.equal((await submit(svc, s.key, legitBody(s.domain))).body.email_sent, true);
    const body = { ...legitBody(s.domain), visitor: { ip: "203.0.113.9" } };
    let answer: Record<string, unknown> = {};
    const reads = await readsOf(svc.ctx, async () => {
      answer = (await submit(svc, s.key, body)).body;
    });
    assert.equal(answer.email_sent, true, JSON.stringify(answer));
    // The IP's blocks are a listing, started before the key check. Past ten keys
    // the one readMany is several getMany sent at once: the spam memory (the
    // text's eight near-duplicate bands, the sender's marks, the generation of
    // the reported set instead of the bands' reports, none of which is in it,
    // the learned-honeypot counts of its three filled fields).
    const spam = [
      ...Array(8).fill("spam_bands"),
      ...Array(3).fill("spam_marks"),
      "spam_reported_gen",
      ...Array(3).fill("spam_fields"),
    ];
    // The notification's part of the site's send window and the window's
    // generation (counters.ts windowOfPart): no limit decides a notification.
    const all = [
      "api_keys_by_hash",
      "sites",
      "windows",
      "form_content_hashes",
      "accounts",
      "usage",
      "windows", // one part
      "windows", // the generation (counters.ts windowGenKey)
      "site_routing",
      "suppressions",
      "unsubscribes",
      ...spam,
    ];
    const batches = [];
    for (let i = 0; i < all.length; i += 10) {
      batches.push({ op: "getMany", keys: all.slice(i, i + 10) });
    }
    assert.deepEqual(reads.filter((r) => r.op !== "list"), batches);
  });
});
