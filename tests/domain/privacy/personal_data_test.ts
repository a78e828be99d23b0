/**
 * Export and erase one person: GET /admin/api/v1/accounts/{id}/personal-data
 * and POST .../personal-data/erase, and the site-scoped public calls
 * POST /api/v1/privacy/export and /privacy/erase. After an erase no key or
 * value of the KV file names the address where it came from that account
 * (every key and value is read, blobs included), another account keeps its
 * own records, and the address is still never mailed.
 */
import assert from "node:assert/strict";
import { eventually, seedSite, type TestService } from "../../helpers/service.ts";
import { legitBody, startFormsService, submit } from "../../helpers/forms.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { runDoctor } from "../../../domain/ops/doctor.ts";

const ADDR = "Ann.Person@Example.org";
const addr = ADDR.toLowerCase();

async function withService(fn: (svc: TestService, smtp: TestSmtp, path: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "svc-erase-" });
  const path = `${dir}/svc.kv`;
  const smtp = await startSmtp();
  const svc = await startFormsService({
    runJobs: false,
    kvPath: path,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
  });
  try {
    await fn(svc, smtp, path);
  } finally {
    await svc.close();
    await smtp.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** Every key and value of the KV file that names the address (any case), as text. */
async function scan(path: string): Promise<string[]> {
  const kv = await Deno.openKv(path);
  const out: string[] = [];
  const text = (v: unknown) =>
    v instanceof Uint8Array
      ? new TextDecoder().decode(v)
      : JSON.stringify(v, (_k, x) => typeof x === "bigint" ? String(x) : x) ?? String(v);
  try {
    for await (const e of kv.list({ prefix: [] })) {
      const t = `${text(e.key)} => ${text(e.value)}`;
      if (t.toLowerCase().includes(addr)) out.push(t);
    }
  } finally {
    kv.close();
  }
  return out;
}

function visitor(domain: string, email: string, message: string) {
  const b = legitBody(domain);
  return { ...b, fields: { name: "Ann Person", email, message } };
}

async function mailTo(svc: TestService, key: string, to: string) {
  return await svc.api("POST", "mail/send", {
    key,
    body: { to, subject: "Your order", text: "Thanks for your order, it ships tomorrow." },
  });
}

Deno.test("an account's export lists what names the address; erase leaves no trace of it in the KV file, and it is still never mailed", async () => {
  await withService(async (svc, smtp, path) => {
    const one = await seedSite(svc);
    const two = await seedSite(svc, { accountId: one.accountId });
    const other = await seedSite(svc);
    const mine = await submit(svc, one.key, visitor(one.domain, ADDR, "A quote for two tables?"));
    assert.equal(mine.status, 200, mine.text);
    const bob = await submit(
      svc,
      one.key,
      visitor(one.domain, "bob@example.net", "Open on Sunday?"),
    );
    const named = await submit(
      svc,
      two.key,
      visitor(two.domain, "carl@example.net", `Please also reply to ${ADDR}, my colleague.`),
    );
    const theirs = await submit(svc, other.key, visitor(other.domain, ADDR, "Do you ship abroad?"));
    assert.equal((await mailTo(svc, one.key, ADDR)).status, 200);
    await eventually(() => smtp.messages.length >= 5);
    assert.equal(
      (await svc.admin("POST", `/sites/${two.siteId}/unsubscribes`, { email: ADDR })).status,
      201,
    );
    assert.equal(
      (await svc.admin("POST", "/suppressions", { email: ADDR, reason: "manual" })).status,
      201,
    );

    const path0 = `/accounts/${one.accountId}/personal-data?email=${encodeURIComponent(ADDR)}`;
    const ex = await svc.admin("GET", path0);
    assert.equal(ex.status, 200, ex.text);
    const ids = (k: string) => (ex.body[k] as { id: string }[]).map((x) => x.id).sort();
    assert.deepEqual(ids("submissions"), [mine.body.id, named.body.id].sort() as string[]);
    assert.equal((ex.body.emails as { to: string[] }[]).length, 1);
    assert.deepEqual((ex.body.emails as { to: string[] }[])[0].to.map((t) => t.toLowerCase()), [
      addr,
    ]);
    assert.equal((ex.body.suppressions as unknown[]).length, 1);
    assert.deepEqual((ex.body.unsubscribes as { site_id: string }[]).map((u) => u.site_id), [
      two.siteId,
    ]);

    const er = await svc.admin("POST", `/accounts/${one.accountId}/personal-data/erase`, {
      email: ADDR,
    });
    assert.equal(er.status, 200, er.text);
    const erased = er.body.erased as Record<string, number>;
    assert.equal(erased.submissions, 2);
    assert.equal(erased.emails, 1);
    assert.equal(erased.suppressions, 1);
    assert.equal(erased.unsubscribes, 1);

    const after = await svc.admin("GET", path0);
    for (const k of ["submissions", "emails", "delivery_reports", "suppressions", "unsubscribes"]) {
      assert.deepEqual(after.body[k], [], k);
    }
    // Nothing names the address but the other account's own records.
    for (const t of await scan(path)) {
      assert.ok(t.includes(other.siteId), `left in the KV file: ${t.slice(0, 300)}`);
    }
    assert.equal((await svc.admin("GET", `/submissions/${bob.body.id}`)).status, 200);
    assert.equal((await svc.admin("GET", `/submissions/${theirs.body.id}`)).status, 200);
    assert.deepEqual((await runDoctor(svc.ctx.kv, { now: Date.now() })).findings, []);

    // Still suppressed: the send path finds the hashed record.
    const again = await mailTo(svc, one.key, ADDR);
    assert.equal(again.body.error, "all_recipients_suppressed", again.text);
  });
});

Deno.test("the public privacy calls export and erase one address for the key's site only", async () => {
  await withService(async (svc, smtp, path) => {
    const one = await seedSite(svc);
    const two = await seedSite(svc, { accountId: one.accountId });
    const a = await submit(svc, one.key, visitor(one.domain, ADDR, "A quote for two tables?"));
    const b = await submit(svc, two.key, visitor(two.domain, ADDR, "Do you ship abroad?"));
    await eventually(() => smtp.messages.length >= 2);

    const ex = await svc.api("POST", "privacy/export", { key: one.key, body: { email: ADDR } });
    assert.equal(ex.status, 200, ex.text);
    assert.equal(ex.body.ok, true);
    assert.deepEqual((ex.body.submissions as { id: string }[]).map((s) => s.id), [a.body.id]);

    const er = await svc.api("POST", "privacy/erase", { key: one.key, body: { email: ADDR } });
    assert.equal(er.status, 200, er.text);
    assert.equal((er.body.erased as Record<string, number>).submissions, 1);
    assert.equal((await svc.admin("GET", `/submissions/${a.body.id}`)).status, 404);
    assert.equal((await svc.admin("GET", `/submissions/${b.body.id}`)).status, 200);
    for (const t of await scan(path)) {
      assert.ok(t.includes(two.siteId), `left in the KV file: ${t.slice(0, 300)}`);
    }

    const bad = await svc.api("POST", "privacy/erase", { key: one.key, body: { email: "nope" } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, "invalid_payload");
    const nokey = await svc.api("POST", "privacy/export", { body: { email: ADDR } });
    assert.equal(nokey.status, 401);
    assert.equal(nokey.body.error, "missing_api_key");
  });
});
