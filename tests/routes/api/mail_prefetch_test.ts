/**
 * POST /mail/send for a key seen before: its body is read first and the send
 * state is prefetched with the key check, in one KV round trip. The answers
 * must be those of a key seen for the first time: key checks before body
 * errors, and nothing stale from the key's earlier site or account.
 */
import assert from "node:assert/strict";
import { addSuppression } from "../../../domain/suppressions/store.ts";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { readsOf } from "../../helpers/kv_reads.ts";

const ok = { to: "ann@example.com", subject: "Hello", text: "Hi Ann" };

async function withService(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ runJobs: false });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

const send = (svc: TestService, key: string, body: unknown, raw?: string) =>
  raw === undefined
    ? svc.api("POST", "mail/send", { key, body })
    : svc.api("POST", "mail/send", { key, raw, headers: { "content-type": "application/json" } });

Deno.test("a known key's bad body still answers after the key checks, in their order", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const k2 = await svc.admin("POST", `/sites/${s.siteId}/api-keys`);
    const second = k2.body.api_key as string;
    for (const key of [s.key, second]) assert.equal((await send(svc, key, ok)).body.sent, true);

    assert.equal((await send(svc, s.key, undefined, "{not json")).body.reason, "invalid_json");
    assert.equal((await send(svc, s.key, { to: "nope" })).body.reason, "invalid_payload");

    await svc.admin("DELETE", `/sites/${s.siteId}/api-keys/${k2.body.id}`);
    const revoked = await send(svc, second, undefined, "{not json");
    assert.equal(revoked.status, 401);
    assert.equal(revoked.body.reason, "invalid_api_key");

    await svc.admin("POST", `/sites/${s.siteId}/disable`, { automatic: false });
    const disabled = await send(svc, s.key, undefined, "{not json");
    assert.equal(disabled.status, 403);
    assert.equal(disabled.body.reason, "site_disabled");
  });
});

Deno.test("a known key's send uses its site's account as it is now", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    assert.equal((await send(svc, s.key, ok)).body.sent, true);
    // Moved to an account that may send nothing more this month.
    const full = await svc.admin("POST", "/accounts", { name: "Full", monthly_email_limit: 0 });
    const moved = await svc.admin("PATCH", `/sites/${s.siteId}`, { account_id: full.body.id });
    assert.equal(moved.status, 200, moved.text);
    const r = await send(svc, s.key, ok);
    assert.equal(r.body.reason, "over_quota", JSON.stringify(r.body));
    // And back to no account at all: no quota.
    await svc.admin("PATCH", `/sites/${s.siteId}`, { account_id: null });
    assert.equal((await send(svc, s.key, ok)).body.sent, true);
  });
});

Deno.test("a known key's send sees suppressions and the window as they are now", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    assert.equal((await send(svc, s.key, ok)).body.sent, true);
    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "ann@example.com",
      reason: "bounced",
      detail: null,
      created_at: new Date().toISOString(),
    });
    const r = await send(svc, s.key, { ...ok, to: ["Ann <ANN@example.com>"] });
    assert.equal(r.body.error, "all_recipients_suppressed");
    // A body that fails its schema prefetches nothing and answers invalid_payload.
    const other = await send(svc, s.key, { ...ok, to: ["bob@example.com", 42] });
    assert.equal(other.body.reason, "invalid_payload");
    const stats = await svc.admin("GET", `/sites/${s.siteId}/email-stats`);
    assert.equal(stats.body.logged, 2);
  });
});

Deno.test("a known key's send reads the key, its site and the send state in one round trip", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    assert.equal((await send(svc, s.key, ok)).body.sent, true);
    let answer: Record<string, unknown> = {};
    const reads = await readsOf(svc.ctx, async () => {
      answer = (await send(svc, s.key, ok)).body;
    });
    assert.equal(answer.sent, true, JSON.stringify(answer));
    // The site's send window: its generation (counters.ts windowGenKey) alone,
    // the parts from this process's memory of its last send
    // (kernel/kv/window_memory.ts; send_window_memory_test.ts has the first
    // send's whole read). Past ten keys the one readMany is several getMany
    // sent at once.
    const all = [
      "api_keys_by_hash",
      "sites",
      "windows",
      "site_routing",
      "accounts",
      "usage",
      "suppressions",
      "unsubscribes",
      // Checks 11 and 12's marks (spam/mail_marks_store.ts): the service-wide list, the account's.
      "mail_spam_list",
      "mail_marks",
    ];
    const batches = [];
    for (let i = 0; i < all.length; i += 10) {
      batches.push({ op: "getMany", keys: all.slice(i, i + 10) });
    }
    assert.deepEqual(reads, batches);
  });
});
