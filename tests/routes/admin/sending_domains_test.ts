import assert from "node:assert/strict";
import { createPublicKey, createSign, createVerify } from "node:crypto";
import { Buffer } from "node:buffer";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { startDnsServer, type TestDnsServer } from "../../helpers/dns_server.ts";
import { siteEvents } from "../../helpers/mail.ts";
import { getSendingDomain } from "../../../domain/sending_domains/store.ts";
import { unseal } from "../../../domain/kernel/crypto.ts";

type Rec = { type: string; name: string; value: string; purpose: string };

async function withService(fn: (svc: TestService, dns: TestDnsServer) => Promise<void>) {
  const dns = await startDnsServer();
  const svc = await startTestService({ config: { SVC_DNS_SERVER: dns.address } });
  try {
    await fn(svc, dns);
  } finally {
    await svc.close();
    await dns.close();
  }
}

/** Publishes the DKIM record the service asked for, split into 255-char strings. */
function publishDkim(dns: TestDnsServer, body: Record<string, unknown>) {
  const dkim = (body.dns_records as Rec[]).find((r) => r.purpose === "dkim")!;
  const v = dkim.value;
  const chunks = [];
  for (let i = 0; i < v.length; i += 255) chunks.push(v.slice(i, i + 255));
  dns.setTxt(dkim.name, [chunks]);
  return dkim;
}

Deno.test("adding a sending domain answers 201 with a 2048-bit DKIM key, SPF and DMARC records", async () => {
  await withService(async (svc) => {
    const { siteId } = await seedSite(svc);
    const r = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "Mail.Example.ORG",
      from_address: "News@Mail.Example.org",
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.domain, "mail.example.org");
    assert.equal(r.body.status, "pending");
    assert.equal(r.body.from_address, "news@mail.example.org");
    assert.equal(r.body.verified_at, null);
    assert.equal(r.body.last_checked_at, null);
    assert.equal(typeof r.body.id, "string");
    const recs = r.body.dns_records as Rec[];
    assert.deepEqual(recs.map((x) => x.purpose), ["dkim", "spf", "dmarc"]);
    for (const x of recs) assert.equal(x.type, "TXT");
    const selector = r.body.dkim_selector as string;
    assert.equal(recs[0].name, `${selector}._domainkey.mail.example.org`);
    const m = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(recs[0].value);
    assert.ok(m, recs[0].value);
    const pub = createPublicKey({ key: Buffer.from(m[1], "base64"), format: "der", type: "spki" });
    assert.equal(pub.asymmetricKeyDetails?.modulusLength, 2048);
    assert.equal(recs[1].name, "mail.example.org");
    assert.equal(recs[1].value, "v=spf1 include:_spf.localhost ~all");
    assert.equal(recs[2].name, "_dmarc.mail.example.org");
    assert.match(recs[2].value, /^v=DMARC1; p=none;/);
    // Nothing secret leaks into the answer.
    assert.ok(!r.text.includes("PRIVATE"));

    // The stored private key is sealed (AAD = domain id), unseals with the
    // service key, and signs what the published public key verifies.
    const stored = (await getSendingDomain(svc.ctx.kv, r.body.id as string))!;
    assert.ok(!stored.dkim.private_key.includes("PRIVATE KEY"));
    const pem = unseal(svc.ctx.config.encryptionKey, stored.dkim.private_key, stored.id);
    const sig = createSign("sha256").update("hello").sign(pem);
    assert.ok(createVerify("sha256").update("hello").verify(pub, sig));
    assert.throws(() => unseal(svc.ctx.config.encryptionKey, stored.dkim.private_key, "other"));
  });
});

Deno.test("the From address must be at the domain or a subdomain of it", async () => {
  await withService(async (svc) => {
    const { siteId } = await seedSite(svc);
    const bad = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "example.net",
      from_address: "hello@notexample.net",
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, "invalid_payload");
    assert.deepEqual((bad.body.details as { field: string }[]).map((d) => d.field), [
      "from_address",
    ]);
    const sub = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "example.net",
      from_address: "hello@news.example.net",
    });
    assert.equal(sub.status, 201);
    for (
      const body of [
        { domain: "not a domain", from_address: "a@b.com" },
        { domain: "example.io" },
        { domain: "example.io", from_address: "nope" },
        {},
      ]
    ) {
      const r = await svc.admin("POST", `/sites/${siteId}/sending-domains`, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error, "invalid_payload");
    }
    const nosite = await svc.admin("POST", `/sites/${crypto.randomUUID()}/sending-domains`, {
      domain: "example.io",
      from_address: "a@example.io",
    });
    assert.equal(nosite.status, 404);
    // A patch moves the From address, only within the domain.
    const p1 = await svc.admin("PATCH", `/sending-domains/${sub.body.id}`, {
      from_address: "team@example.net",
    });
    assert.equal(p1.status, 200);
    assert.equal(p1.body.from_address, "team@example.net");
    const p2 = await svc.admin("PATCH", `/sending-domains/${sub.body.id}`, {
      from_address: "team@elsewhere.net",
    });
    assert.equal(p2.status, 400);
    assert.equal(
      (await svc.admin("GET", `/sending-domains/${sub.body.id}`)).body.from_address,
      "team@example.net",
    );
  });
});

Deno.test("a domain registered once answers 409 anywhere else; delete frees it", async () => {
  await withService(async (svc) => {
    const a = await seedSite(svc);
    const b = await seedSite(svc);
    const body = { domain: "shared.example", from_address: "x@shared.example" };
    const first = await svc.admin("POST", `/sites/${a.siteId}/sending-domains`, body);
    assert.equal(first.status, 201);
    const again = await svc.admin("POST", `/sites/${a.siteId}/sending-domains`, body);
    assert.equal(again.status, 409);
    assert.equal(again.body.error, "conflict");
    const other = await svc.admin("POST", `/sites/${b.siteId}/sending-domains`, {
      domain: "SHARED.example.",
      from_address: "y@shared.example",
    });
    assert.equal(other.status, 409);

    const list = await svc.admin("GET", `/sites/${a.siteId}/sending-domains`);
    assert.deepEqual((list.body.items as { id: string }[]).map((d) => d.id), [first.body.id]);
    assert.deepEqual((await svc.admin("GET", `/sites/${b.siteId}/sending-domains`)).body.items, []);
    const one = await svc.admin("GET", `/sending-domains/${first.body.id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.dns_records, first.body.dns_records);

    assert.equal((await svc.admin("DELETE", `/sending-domains/${first.body.id}`)).status, 204);
    assert.equal((await svc.admin("GET", `/sending-domains/${first.body.id}`)).status, 404);
    assert.equal((await svc.admin("DELETE", `/sending-domains/${first.body.id}`)).status, 404);
    assert.equal((await svc.admin("POST", `/sending-domains/${first.body.id}/check`)).status, 404);
    assert.equal(
      (await svc.admin("POST", `/sites/${b.siteId}/sending-domains`, body)).status,
      201,
    );
  });
});

Deno.test("Verify moves a domain to verified once DNS carries the key, with domain.verified", async () => {
  await withService(async (svc, dns) => {
    const { siteId } = await seedSite(svc);
    const add = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "brand.example",
      from_address: "hello@brand.example",
    });
    const id = add.body.id as string;
    // Nothing published yet: still pending, a readable error, no event.
    const miss = await svc.admin("POST", `/sending-domains/${id}/check`);
    assert.equal(miss.status, 200);
    assert.equal(miss.body.status, "pending");
    assert.match(
      miss.body.last_check_error as string,
      /no TXT record found at svc[0-9a-f]+\._domainkey\.brand\.example/,
    );
    assert.ok(miss.body.last_checked_at);
    assert.equal(miss.body.verified_at, null);
    assert.equal((await siteEvents(svc, siteId)).length, 0);

    publishDkim(dns, add.body);
    const ok = await svc.admin("POST", `/sending-domains/${id}/check`);
    assert.equal(ok.body.status, "verified");
    assert.equal(ok.body.last_check_error, null);
    assert.ok(ok.body.verified_at);
    const events = await siteEvents(svc, siteId);
    assert.deepEqual(events.map((e) => e.type), ["domain.verified"]);
    assert.deepEqual(events[0].data, {
      domain: "brand.example",
      from_address: "hello@brand.example",
      status: "verified",
    });
    assert.equal(events[0].site_id, siteId);

    // A second Verify that passes keeps verified_at and sends no new event.
    const again = await svc.admin("POST", `/sending-domains/${id}/check`);
    assert.equal(again.body.status, "verified");
    assert.equal(again.body.verified_at, ok.body.verified_at);
    assert.equal((await siteEvents(svc, siteId)).length, 1);
  });
});

Deno.test("a verified domain whose DKIM record is removed goes back to pending on Verify, with domain.unverified", async () => {
  await withService(async (svc, dns) => {
    const { siteId, key } = await seedSite(svc);
    const add = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "gone.example",
      from_address: "hi@gone.example",
    });
    const dkim = publishDkim(dns, add.body);
    await svc.admin("POST", `/sending-domains/${add.body.id}/check`);
    assert.equal(
      (await svc.api("GET", "mail/domain-status", { key })).body.effective_mode,
      "domain",
    );

    dns.remove(dkim.name);
    const r = await svc.admin("POST", `/sending-domains/${add.body.id}/check`);
    assert.equal(r.body.status, "pending");
    assert.equal(r.body.verified_at, null);
    assert.match(r.body.last_check_error as string, /no TXT record/);
    const un = await siteEvents(svc, siteId, "domain.unverified");
    assert.equal(un.length, 1);
    assert.deepEqual(un[0].data, {
      domain: "gone.example",
      from_address: "hi@gone.example",
      status: "pending",
    });
    // Mail's mode follows at once.
    const st = await svc.api("GET", "mail/domain-status", { key });
    assert.equal(st.body.effective_mode, "relay");
    assert.equal(st.body.has_verified_domain, false);
    // Failing again while pending sends nothing more.
    await svc.admin("POST", `/sending-domains/${add.body.id}/check`);
    assert.equal((await siteEvents(svc, siteId, "domain.unverified")).length, 1);
  });
});

Deno.test("a DKIM record with another key, or another record, does not verify", async () => {
  await withService(async (svc, dns) => {
    const { siteId } = await seedSite(svc);
    const a = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "one.example",
      from_address: "a@one.example",
    });
    const b = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "two.example",
      from_address: "b@two.example",
    });
    // Publish b's key under a's name: a wrong key.
    const aName = (a.body.dns_records as Rec[])[0].name;
    dns.setTxt(aName, [(b.body.dns_records as Rec[])[0].value]);
    const wrong = await svc.admin("POST", `/sending-domains/${a.body.id}/check`);
    assert.equal(wrong.body.status, "pending");
    assert.match(wrong.body.last_check_error as string, /different public key/);
    dns.setTxt(aName, ["v=spf1 -all"]);
    const other = await svc.admin("POST", `/sending-domains/${a.body.id}/check`);
    assert.match(other.body.last_check_error as string, /not a DKIM record/);
    assert.equal((await siteEvents(svc, siteId)).length, 0);
  });
});

Deno.test("an unreachable name server leaves the domain as it was, with a clear error", async () => {
  const dead = await startDnsServer();
  const deadAddress = dead.address;
  await dead.close();
  const svc = await startTestService({ config: { SVC_DNS_SERVER: deadAddress } });
  try {
    const { siteId } = await seedSite(svc);
    const add = await svc.admin("POST", `/sites/${siteId}/sending-domains`, {
      domain: "down.example",
      from_address: "a@down.example",
    });
    const r = await svc.admin("POST", `/sending-domains/${add.body.id}/check`);
    assert.equal(r.status, 200);
    assert.equal(r.body.status, "pending");
    assert.match(
      r.body.last_check_error as string,
      new RegExp(`DNS lookup of .*down\\.example via ${deadAddress.replace(/\./g, "\\.")} failed`),
    );
    assert.equal((await siteEvents(svc, siteId)).length, 0);
  } finally {
    await svc.close();
  }
});
