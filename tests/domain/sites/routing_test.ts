import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { addVerifiedDomain } from "../../helpers/mail.ts";
import { keys } from "../../../domain/kernel/kv/keys.ts";
import { getRouting, type SiteRouting } from "../../../domain/sites/routing_store.ts";
import { listWebhooksOfSite } from "../../../domain/webhooks/store.ts";
import {
  deleteSendingDomain,
  getSendingDomainEntry,
  replaceSendingDomain,
  type SendingDomain,
} from "../../../domain/sending_domains/store.ts";

/** The routing as stored (null when the key is absent). */
async function stored(svc: TestService, siteId: string): Promise<SiteRouting | null> {
  return (await svc.ctx.kv.get<SiteRouting>(keys.siteRouting(siteId))).value;
}

/** What the webhook listing says the routing's webhooks must be. */
async function listed(svc: TestService, siteId: string) {
  return (await listWebhooksOfSite(svc.ctx.kv, siteId)).map((w) => ({
    id: w.id,
    events: w.events,
    paused: w.paused,
  }));
}

async function setStatus(svc: TestService, id: string, change: Partial<SendingDomain>) {
  const e = await getSendingDomainEntry(svc.ctx.kv, id);
  await replaceSendingDomain(svc.ctx.kv, e.versionstamp!, e.value!, { ...e.value!, ...change });
}

Deno.test("a new site has an empty routing", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    assert.deepEqual(await stored(svc, s.siteId), { webhooks: [], domain: null });
  } finally {
    await svc.close();
  }
});

Deno.test("site routing follows webhook create, patch and delete", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const other = await seedSite(svc);
    const a = await svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
      url: "https://hooks.example.com/a",
      events: ["email.sent"],
    });
    const b = await svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
      url: "https://hooks.example.com/b",
      events: ["all"],
      paused: true,
    });
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.deepEqual((await stored(svc, s.siteId))!.webhooks, await listed(svc, s.siteId));
    assert.equal((await stored(svc, s.siteId))!.webhooks.length, 2);

    await svc.admin("PATCH", `/webhooks/${a.body.id}`, {
      events: ["form.submitted", "form.spam"],
      paused: true,
    });
    await svc.admin("PATCH", `/webhooks/${b.body.id}`, { paused: false });
    const patched = (await stored(svc, s.siteId))!.webhooks;
    assert.deepEqual(patched, await listed(svc, s.siteId));
    assert.deepEqual(patched.find((w) => w.id === a.body.id), {
      id: a.body.id,
      events: ["form.submitted", "form.spam"],
      paused: true,
    });
    assert.equal(patched.find((w) => w.id === b.body.id)!.paused, false);

    // A secret rotation and a URL change leave the routing as it is.
    await svc.admin("POST", `/webhooks/${a.body.id}/rotate-secret`);
    await svc.admin("PATCH", `/webhooks/${a.body.id}`, { url: "https://hooks.example.com/c" });
    assert.deepEqual((await stored(svc, s.siteId))!.webhooks, patched);

    assert.equal((await svc.admin("DELETE", `/webhooks/${a.body.id}`)).status, 204);
    assert.deepEqual((await stored(svc, s.siteId))!.webhooks, await listed(svc, s.siteId));
    assert.deepEqual((await stored(svc, s.siteId))!.webhooks.map((w) => w.id), [b.body.id]);
    // Another site's routing is untouched.
    assert.deepEqual(await stored(svc, other.siteId), { webhooks: [], domain: null });
  } finally {
    await svc.close();
  }
});

Deno.test("concurrent webhook creates and deletes on one site all reach its routing", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
          url: `https://hooks.example.com/${i}`,
          events: ["all"],
        })),
    );
    assert.ok(made.every((m) => m.status === 201));
    assert.equal((await stored(svc, s.siteId))!.webhooks.length, 12);
    assert.deepEqual((await stored(svc, s.siteId))!.webhooks, await listed(svc, s.siteId));
    await Promise.all(
      made.slice(0, 7).map((m) => svc.admin("DELETE", `/webhooks/${m.body.id}`)),
    );
    assert.deepEqual((await stored(svc, s.siteId))!.webhooks, await listed(svc, s.siteId));
    assert.equal((await stored(svc, s.siteId))!.webhooks.length, 5);
  } finally {
    await svc.close();
  }
});

Deno.test("the routing's mail domain follows the domains' status, From address and deletion", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const older = await addVerifiedDomain(svc, s.siteId, "older.example.org", {
      status: "pending",
    });
    assert.equal((await stored(svc, s.siteId))!.domain, null, "pending domains do not route");

    await setStatus(svc, older.record.id, { status: "verified" });
    assert.equal((await stored(svc, s.siteId))!.domain?.id, older.record.id);
    assert.equal((await stored(svc, s.siteId))!.domain?.from_address, "hello@older.example.org");

    // A newer verified domain takes over; the older one comes back when it stops being verified.
    const newer = await addVerifiedDomain(svc, s.siteId, "newer.example.org");
    assert.equal((await stored(svc, s.siteId))!.domain?.id, newer.record.id);
    await setStatus(svc, newer.record.id, { from_address: "news@mail.newer.example.org" });
    assert.equal(
      (await stored(svc, s.siteId))!.domain?.from_address,
      "news@mail.newer.example.org",
    );
    await setStatus(svc, newer.record.id, { status: "pending" });
    assert.equal((await stored(svc, s.siteId))!.domain?.id, older.record.id);
    await setStatus(svc, newer.record.id, { status: "verified" });
    assert.equal((await stored(svc, s.siteId))!.domain?.id, newer.record.id);

    // Without a From address a verified domain does not route.
    await setStatus(svc, newer.record.id, { from_address: null });
    assert.equal((await stored(svc, s.siteId))!.domain?.id, older.record.id);

    assert.ok(await deleteSendingDomain(svc.ctx.kv, older.record.id));
    assert.equal((await stored(svc, s.siteId))!.domain, null);
    // The routing keeps what mail needs to sign, never more.
    await setStatus(svc, newer.record.id, { from_address: "hello@newer.example.org" });
    const d = (await stored(svc, s.siteId))!.domain!;
    assert.deepEqual(Object.keys(d).sort(), ["dkim", "domain", "from_address", "id"]);
    assert.deepEqual(d.dkim, {
      selector: newer.record.dkim.selector,
      private_key: newer.record.dkim.private_key,
    });
  } finally {
    await svc.close();
  }
});

Deno.test("a site stored without routing gets it built from its webhooks and domains", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const s = await seedSite(svc);
    const w = await svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
      url: "https://hooks.example.com/a",
      events: ["email.sent"],
    });
    const d = await addVerifiedDomain(svc, s.siteId, "legacy.example.org");
    // As a site stored before routing keys existed.
    await svc.ctx.kv.delete(keys.siteRouting(s.siteId));

    const built = await getRouting(svc.ctx.kv, s.siteId);
    assert.deepEqual(built.webhooks, [{ id: w.body.id, events: ["email.sent"], paused: false }]);
    assert.equal(built.domain?.id, d.record.id);
    assert.deepEqual(await stored(svc, s.siteId), built, "written back for the next reader");

    // A writer on a site without routing starts from the listings too.
    await svc.ctx.kv.delete(keys.siteRouting(s.siteId));
    const w2 = await svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
      url: "https://hooks.example.com/b",
      events: ["all"],
    });
    const after = (await stored(svc, s.siteId))!;
    assert.deepEqual(after.webhooks.map((x) => x.id), [w.body.id, w2.body.id]);
    assert.equal(after.domain?.id, d.record.id);
  } finally {
    await svc.close();
  }
});
