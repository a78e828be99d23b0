/** Operator API: inbound domains (create, list, read, change, delete, rotate the secret). */
import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { getInboundDomain } from "../../../domain/inbound/store.ts";
import { unseal } from "../../../domain/kernel/crypto.ts";

async function withService(fn: (svc: TestService) => Promise<void>) {
  const svc = await startTestService({ config: { SVC_RELAY_FROM: "relay@mail.svc.test" } });
  try {
    await fn(svc);
  } finally {
    await svc.close();
  }
}

Deno.test("POST /inbound-domains answers 201 {id, secret svc_in_...}; the secret is stored sealed", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const r = await svc.admin("POST", "/inbound-domains", {
      domain: "In.Example.ORG",
      url: "https://hooks.example.com/inbound",
      site_id: s.siteId,
    });
    assert.equal(r.status, 201, r.text);
    assert.match(r.body.id as string, /^[0-9a-f-]{36}$/);
    assert.match(r.body.secret as string, /^svc_in_[A-Za-z0-9_-]{43}$/);
    assert.equal(r.body.domain, "in.example.org");
    assert.equal(r.body.url, "https://hooks.example.com/inbound");
    assert.equal(r.body.site_id, s.siteId);
    const stored = await getInboundDomain(svc.ctx.kv, r.body.id as string);
    assert.ok(stored);
    assert.ok(!JSON.stringify(stored).includes(r.body.secret as string), "not stored in clear");
    assert.equal(
      unseal(svc.ctx.config.encryptionKey, stored.secret, stored.id),
      r.body.secret,
    );
    // Read and list never show it.
    const one = await svc.admin("GET", `/inbound-domains/${r.body.id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.secret, undefined);
    const list = await svc.admin("GET", "/inbound-domains");
    assert.deepEqual((list.body.items as { id: string }[]).map((d) => d.id), [r.body.id]);
    assert.equal((list.body.items as Record<string, unknown>[])[0].secret, undefined);
  });
});

Deno.test("inbound domains: 409 for a taken domain, 400 for bad input, the return-path domain or a missing site", async () => {
  await withService(async (svc) => {
    const ok = await svc.admin("POST", "/inbound-domains", {
      domain: "in.example.org",
      url: "https://hooks.example.com/a",
    });
    assert.equal(ok.status, 201);
    const again = await svc.admin("POST", "/inbound-domains", {
      domain: "IN.example.org",
      url: "https://hooks.example.com/b",
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, "conflict");
    for (
      const body of [
        { domain: "in2.example.org" },
        { domain: "not a domain", url: "https://hooks.example.com/" },
        { domain: "in3.example.org", url: "ftp://hooks.example.com/" },
        { domain: "in3.example.org", url: "https://user:pw@hooks.example.com/" },
        { domain: "mail.svc.test", url: "https://hooks.example.com/" },
        { domain: "in4.example.org", url: "https://hooks.example.com/", site_id: "nope" },
      ]
    ) {
      const r = await svc.admin("POST", "/inbound-domains", body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      assert.equal(r.body.error, "invalid_payload");
    }
  });
});

Deno.test("a private URL is refused unless private targets are allowed", async () => {
  const svc = await startTestService({ config: { SVC_ALLOW_PRIVATE_TARGETS: false } });
  try {
    const r = await svc.admin("POST", "/inbound-domains", {
      domain: "in.example.org",
      url: "http://127.0.0.1:8080/inbound",
    });
    assert.equal(r.status, 400);
    assert.match(JSON.stringify(r.body.details), /not an allowed target/);
  } finally {
    await svc.close();
  }
});

Deno.test("PATCH changes domain, url and site; the old name is free again; DELETE removes it", async () => {
  await withService(async (svc) => {
    const s = await seedSite(svc);
    const a = await svc.admin("POST", "/inbound-domains", {
      domain: "a.example.org",
      url: "https://hooks.example.com/a",
    });
    const b = await svc.admin("POST", "/inbound-domains", {
      domain: "b.example.org",
      url: "https://hooks.example.com/b",
    });
    const taken = await svc.admin("PATCH", `/inbound-domains/${a.body.id}`, {
      domain: "b.example.org",
    });
    assert.equal(taken.status, 409);
    const moved = await svc.admin("PATCH", `/inbound-domains/${a.body.id}`, {
      domain: "c.example.org",
      url: "https://hooks.example.com/c",
      site_id: s.siteId,
    });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.domain, "c.example.org");
    assert.equal(moved.body.url, "https://hooks.example.com/c");
    assert.equal(moved.body.site_id, s.siteId);
    const reuse = await svc.admin("POST", "/inbound-domains", {
      domain: "a.example.org",
      url: "https://hooks.example.com/a2",
    });
    assert.equal(reuse.status, 201, "the old name is free");
    assert.equal((await svc.admin("DELETE", `/inbound-domains/${b.body.id}`)).status, 204);
    assert.equal((await svc.admin("GET", `/inbound-domains/${b.body.id}`)).status, 404);
    assert.equal((await svc.admin("DELETE", `/inbound-domains/${b.body.id}`)).status, 404);
    assert.equal((await svc.admin("PATCH", `/inbound-domains/${b.body.id}`, {})).status, 404);
    const again = await svc.admin("POST", "/inbound-domains", {
      domain: "b.example.org",
      url: "https://hooks.example.com/b",
    });
    assert.equal(again.status, 201, "a deleted domain's name is free");
  });
});

Deno.test("rotate-secret gives a new secret; the stored one changes at once", async () => {
  await withService(async (svc) => {
    const a = await svc.admin("POST", "/inbound-domains", {
      domain: "a.example.org",
      url: "https://hooks.example.com/a",
    });
    const r = await svc.admin("POST", `/inbound-domains/${a.body.id}/rotate-secret`);
    assert.equal(r.status, 200);
    assert.equal(r.body.id, a.body.id);
    assert.match(r.body.secret as string, /^svc_in_/);
    assert.notEqual(r.body.secret, a.body.secret);
    const stored = await getInboundDomain(svc.ctx.kv, a.body.id as string);
    assert.equal(unseal(svc.ctx.config.encryptionKey, stored!.secret, stored!.id), r.body.secret);
    assert.equal((await svc.admin("POST", "/inbound-domains/nope/rotate-secret")).status, 404);
  });
});
