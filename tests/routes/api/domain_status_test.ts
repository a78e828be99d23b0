import assert from "node:assert/strict";
import { seedSite, startTestService } from "../../helpers/service.ts";
import { startDnsServer } from "../../helpers/dns_server.ts";
import { updateSite } from "../../../domain/sites/store.ts";
import { addVerifiedDomain } from "../../helpers/mail.ts";

type Rec = { name: string; value: string; purpose: string };

Deno.test("domain-status answers the spec's errors with ok false and a reason", async () => {
  const svc = await startTestService();
  try {
    const { key, siteId } = await seedSite(svc);
    const missing = await svc.api("GET", "mail/domain-status");
    assert.equal(missing.status, 401);
    assert.deepEqual(missing.body, {
      ok: false,
      error: "missing_api_key",
      reason: "missing_api_key",
    });
    const invalid = await svc.api("GET", "mail/domain-status", { key: "svc_live_nope" });
    assert.equal(invalid.status, 401);
    assert.equal(invalid.body.reason, "invalid_api_key");
    assert.equal(invalid.body.ok, false);
    await updateSite(svc.ctx, siteId, (s) => ({
      ...s,
      disabled: { automatic: true, reason: "abuse", at: new Date().toISOString() },
    }));
    const disabled = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(disabled.status, 403);
    assert.deepEqual(disabled.body, { ok: false, error: "site_disabled", reason: "site_disabled" });
  } finally {
    await svc.close();
  }
});

Deno.test("domain-status follows each state: none, pending, verified, unverified", async () => {
  const dns = await startDnsServer();
  const svc = await startTestService({
    config: { SVC_DNS_SERVER: dns.address, SVC_BASE_URL: "https://mail.example.net/" },
  });
  try {
    const { key, siteId, domain } = await seedSite(svc, { site: { name: "Shop" } });
    const none = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, {
      ok: true,
      site: { name: "Shop", domain },
      has_verified_domain: false,
      effective_mode: "relay",
      verified: null,
      domains: [],
      dashboard_url: `https://mail.example.net/dashboard/sites/${siteId}/sending-domains`,
    });

    const older = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "older.example",
      from_address: "a@older.example",
    });
    const newer = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "newer.example",
      from_address: "b@mail.newer.example",
    });
    const pending = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(pending.body.effective_mode, "relay");
    assert.equal(pending.body.has_verified_domain, false);
    assert.equal(pending.body.verified, null);
    const domains = pending.body.domains as Record<string, unknown>[];
    assert.deepEqual(domains.map((d) => d.domain), ["newer.example", "older.example"]);
    assert.deepEqual(domains[0], {
      domain: "newer.example",
      status: "pending",
      from_address: "b@mail.newer.example",
      verified_at: null,
      last_checked_at: null,
      created_at: newer.body.created_at,
    });

    const rec = (older.body.dns_records as Rec[])[0];
    dns.setTxt(rec.name, [rec.value]);
    const checked = await svc.admin("POST", `/sending-domains/${older.body.id}/check`);
    const verified = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(verified.body.has_verified_domain, true);
    assert.equal(verified.body.effective_mode, "domain");
    assert.deepEqual(verified.body.verified, {
      domain: "older.example",
      from_address: "a@older.example",
      verified_at: checked.body.verified_at,
    });
    const d2 = verified.body.domains as Record<string, unknown>[];
    assert.equal(d2[1].status, "verified");
    assert.equal(d2[1].last_checked_at, checked.body.last_checked_at);

    dns.remove(rec.name);
    await svc.admin("POST", `/sending-domains/${older.body.id}/check`);
    const back = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(back.body.effective_mode, "relay");
    assert.equal(back.body.verified, null);
    assert.deepEqual(
      (back.body.domains as Record<string, unknown>[]).map((d) => d.status),
      ["pending", "pending"],
    );
  } finally {
    await svc.close();
    await dns.close();
  }
});

Deno.test("domain-status shows only the key's own site's domains", async () => {
  const dns = await startDnsServer();
  const svc = await startTestService({ config: { SVC_DNS_SERVER: dns.address } });
  try {
    const a = await seedSite(svc);
    const b = await seedSite(svc, { accountId: a.accountId });
    const add = await svc.admin("POST", `/sites/${a.siteId}/sending-domains`, {
      domain: "tenant-a.example",
      from_address: "x@tenant-a.example",
    });
    const rec = (add.body.dns_records as Rec[])[0];
    dns.setTxt(rec.name, [rec.value]);
    await svc.admin("POST", `/sending-domains/${add.body.id}/check`);
    const sa = await svc.api("GET", "mail/domain-status", { key: a.key });
    assert.equal(sa.body.effective_mode, "domain");
    const sb = await svc.api("GET", "mail/domain-status", { key: b.key });
    assert.equal(sb.body.effective_mode, "relay");
    assert.deepEqual(sb.body.domains, []);
    assert.equal(sb.body.verified, null);
    assert.ok(!sb.text.includes("tenant-a"));
  } finally {
    await svc.close();
    await dns.close();
  }
});

Deno.test("domain-status: a verified domain without a From address is not a verified domain", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key, siteId } = await seedSite(svc);
    await addVerifiedDomain(svc, siteId, "nofrom.example", { fromAddress: null });
    const r = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(r.status, 200);
    assert.equal(r.body.has_verified_domain, false);
    assert.equal(r.body.effective_mode, "relay");
    assert.equal(r.body.verified, null);
    const [d] = r.body.domains as Record<string, unknown>[];
    assert.deepEqual([d.domain, d.status, d.from_address], ["nofrom.example", "verified", null]);
  } finally {
    await svc.close();
  }
});

Deno.test("domain-status names the domain mail/send uses now, with two verified domains", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { key, siteId } = await seedSite(svc);
    await addVerifiedDomain(svc, siteId, "first.example");
    await addVerifiedDomain(svc, siteId, "second.example");
    const st = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(st.body.effective_mode, "domain");
    const verified = st.body.verified as { domain: string; from_address: string };
    const sent = await svc.api("POST", "mail/send", {
      key,
      body: { to: "ann@example.com", subject: "Hi", text: "x" },
    });
    assert.equal(sent.body.mode, "domain");
    assert.ok((sent.body.message_id as string).endsWith(`@${verified.domain}>`), sent.text);
    const [m] = (await svc.admin("GET", "/outbox?limit=1")).body.items as { from: string }[];
    assert.ok(m.from.includes(verified.from_address), m.from);
    // sender_mode relay always uses the relay, whatever effective_mode says.
    const relay = await svc.api("POST", "mail/send", {
      key,
      body: { to: "ann@example.com", text: "x", sender_mode: "relay" },
    });
    assert.equal(relay.body.mode, "relay");
  } finally {
    await svc.close();
  }
});
