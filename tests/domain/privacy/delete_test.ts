/**
 * Deleting through the operator API: one submission, one email log record, a
 * whole site (gone at once, its keys refused at once, swept by a durable job
 * until no key or value of the KV names it, and the doctor finds nothing).
 */
import assert from "node:assert/strict";
import { eventually, seedSite, type TestService } from "../../helpers/service.ts";
import { legitBody, startFormsService, submit } from "../../helpers/forms.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { startReceiver } from "../../helpers/webhook_receiver.ts";
import { addWebhook } from "../../helpers/webhooks.ts";
import { runDoctor } from "../../../domain/ops/doctor.ts";
import { getSubmission, submissionBlobs } from "../../../domain/forms/submissions_store.ts";
import { countJobs } from "../../../domain/kernel/jobs_store.ts";
import { createEndpoint, multipart, png, postDoor } from "../../helpers/static_forms.ts";

async function withService(
  fn: (svc: TestService, smtp: TestSmtp) => Promise<void>,
  runJobs = false,
) {
  const smtp = await startSmtp();
  const svc = await startFormsService({
    runJobs,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
  });
  try {
    await fn(svc, smtp);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

/** Every key and value of the KV that mentions `needle`, as text. */
export async function mentions(
  kv: Deno.Kv,
  needle: string,
  /** Top-level collections to leave out. */
  except: string[] = [],
): Promise<string[]> {
  const out: string[] = [];
  const text = (v: unknown) =>
    v instanceof Uint8Array
      ? new TextDecoder().decode(v)
      : JSON.stringify(v, (_k, x) => typeof x === "bigint" ? String(x) : x) ?? String(v);
  for await (const e of kv.list({ prefix: [] })) {
    if (except.includes(String(e.key[0]))) continue;
    const k = text(e.key);
    if (k.includes(needle) || text(e.value).includes(needle)) out.push(k);
  }
  return out;
}

async function sendMail(svc: TestService, key: string, to: string) {
  const r = await svc.api("POST", "mail/send", {
    key,
    body: { to, subject: "Your order", text: "Thanks for your order, it ships tomorrow." },
  });
  assert.equal(r.status, 200, r.text);
  // Our Message-IDs are <log id@domain>.
  return /^<([^@]+)@/.exec(r.body.message_id as string)![1];
}

Deno.test("DELETE /submissions/{id} answers 204, then GET and DELETE answer 404, nothing of it is left", async () => {
  await withService(async (svc) => {
    const { key, domain } = await seedSite(svc);
    const r = await submit(svc, key, legitBody(domain));
    assert.equal(r.status, 200, r.text);
    const id = r.body.id as string;
    assert.equal((await svc.admin("GET", `/submissions/${id}`)).status, 200);
    const del = await svc.admin("DELETE", `/submissions/${id}`);
    assert.equal(del.status, 204);
    assert.equal(del.text, "");
    assert.equal((await svc.admin("GET", `/submissions/${id}`)).status, 404);
    assert.equal((await svc.admin("DELETE", `/submissions/${id}`)).status, 404);
    // The site's event history (webhook deliveries) keeps its events until they expire.
    assert.deepEqual(await mentions(svc.ctx.kv, id, ["events"]), []);
    assert.deepEqual((await runDoctor(svc.ctx.kv, { now: Date.now() })).findings, []);
  });
});

Deno.test("a submission with large fields (a blob) leaves no blob chunk behind when deleted", async () => {
  await withService(async (svc) => {
    const { key, domain } = await seedSite(svc);
    const body = legitBody(domain);
    const long = "Hello there, a long question about tables. ".repeat(200);
    const big = { ...body, fields: { ...body.fields, a: long, b: long, c: long, d: long } };
    const r = await submit(svc, key, big);
    assert.equal(r.status, 200, r.text);
    const stored = await getSubmission(svc.ctx.kv, r.body.id as string);
    const blobs = submissionBlobs(stored!);
    assert.equal(blobs.length, 1, "the fields went to a blob");
    const chunks = async () =>
      (await Array.fromAsync(svc.ctx.kv.list({ prefix: ["blobs", blobs[0].blob] }))).length;
    assert.ok((await chunks()) > 0);
    assert.equal((await svc.admin("DELETE", `/submissions/${r.body.id}`)).status, 204);
    assert.equal(await chunks(), 0);
    assert.deepEqual((await runDoctor(svc.ctx.kv, { now: Date.now() })).findings, []);
  });
});

Deno.test("DELETE /emails/{id} answers 204, then GET 404; the site's log total still counts it", async () => {
  await withService(async (svc, smtp) => {
    const { key, siteId } = await seedSite(svc);
    const id = await sendMail(svc, key, "reader@example.org");
    const other = await sendMail(svc, key, "other@example.org");
    await eventually(() => smtp.messages.length >= 2);
    assert.equal((await svc.admin("GET", `/emails/${id}`)).status, 200);
    assert.equal((await svc.admin("DELETE", `/emails/${id}`)).status, 204);
    assert.equal((await svc.admin("GET", `/emails/${id}`)).status, 404);
    assert.equal((await svc.admin("DELETE", `/emails/${id}`)).status, 404);
    assert.equal((await svc.admin("GET", `/emails/${other}`)).status, 200);
    const log = await svc.admin("GET", `/sites/${siteId}/email-log`);
    assert.deepEqual((log.body.items as { id: string }[]).map((i) => i.id), [other]);
    const stats = await svc.admin("GET", `/sites/${siteId}/email-stats`);
    assert.equal(stats.body.logged, 2, "counters are not personal data and stay");
    assert.deepEqual(await mentions(svc.ctx.kv, id, ["events"]), []);
    assert.deepEqual((await runDoctor(svc.ctx.kv, { now: Date.now() })).findings, []);
  });
});

Deno.test("DELETE /sites/{id}: 204, gone at once, its key refused at once, then swept to the last key", async () => {
  const rx = startReceiver();
  try {
    await withService(async (svc, smtp) => {
      const keep = await seedSite(svc);
      const { key, siteId, domain, keyId } = await seedSite(svc);
      await addWebhook(svc, siteId, rx.url);
      const subs: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await submit(svc, key, legitBody(domain));
        assert.equal(r.status, 200, r.text);
        subs.push(r.body.id as string);
      }
      const mail = await sendMail(svc, key, "reader@example.org");
      await submit(svc, keep.key, legitBody(keep.domain));
      // A static-site endpoint and a submission through it with a file in chunks.
      const endpoint = await createEndpoint(svc, siteId);
      const door = await postDoor(
        svc,
        endpoint.id,
        multipart({ email: "ann@example.org", message: "The plan is attached." }, [
          { field: "plan", name: "plan.png", bytes: png(200_000), type: "image/png" },
        ]),
        { accept: "application/json" },
      );
      assert.equal(door.status, 200);
      const doorSub = (await svc.admin("GET", `/sites/${siteId}/submissions`)).body.items as {
        id: string;
      }[];
      const withFile = await getSubmission(svc.ctx.kv, doorSub[0].id);
      const fileBlobs = submissionBlobs(withFile!).map((b) => b.blob);
      assert.equal(fileBlobs.length, 1);
      await eventually(() => smtp.messages.length >= 8);
      await rx.waitFor(8, 10_000);

      const del = await svc.admin("DELETE", `/sites/${siteId}`);
      assert.equal(del.status, 204);
      // Gone to every read before the sweep has done anything.
      assert.equal((await svc.admin("GET", `/sites/${siteId}`)).status, 404);
      assert.equal((await svc.admin("GET", `/submissions/${subs[0]}`)).status, 404);
      assert.equal((await svc.admin("GET", `/emails/${mail}`)).status, 404);
      assert.equal((await svc.admin("GET", `/sites/${siteId}/submissions`)).status, 404);
      const refused = await svc.api("POST", "sites/verify", { key, body: {} });
      assert.equal(refused.status, 401);
      assert.equal(refused.body.error, "invalid_api_key");
      assert.equal((await svc.admin("DELETE", `/sites/${siteId}`)).status, 404);

      await eventually(async () => (await countJobs(svc.ctx.kv)) === 0, 20_000);
      // Near-duplicate sightings and cross-site duplicate markers (spam memory, shared by all
      // sites, keyed by text) expire with their windows (6 hours, 10 minutes).
      assert.deepEqual(
        await mentions(svc.ctx.kv, siteId, ["spam_bands", "form_content_hashes"]),
        [],
      );
      assert.deepEqual(await mentions(svc.ctx.kv, keyId), []);
      for (const id of [...subs, mail, endpoint.id, ...fileBlobs]) {
        assert.deepEqual(await mentions(svc.ctx.kv, id), []);
      }
      assert.deepEqual((await runDoctor(svc.ctx.kv, { now: Date.now() })).findings, []);
      // The other site is untouched.
      assert.equal((await svc.admin("GET", `/sites/${keep.siteId}`)).status, 200);
      const theirs = await svc.admin("GET", `/sites/${keep.siteId}/submissions`);
      assert.equal((theirs.body.items as unknown[]).length, 1);
    }, true);
  } finally {
    await rx.close();
  }
});

Deno.test("DELETE /accounts/{id}: 204, gone at once, then its sites, templates and users are swept", async () => {
  await withService(async (svc, smtp) => {
    const keep = await seedSite(svc);
    const { accountId, siteId, key, domain } = await seedSite(svc);
    const second = await seedSite(svc, { accountId });
    must(
      await svc.admin("POST", `/accounts/${accountId}/templates`, {
        name: "T",
        slug: "t",
        subject: "Hello {{name}}",
        html: "<p>Hi {{name}}</p>",
        text: "Hi",
      }),
    );
    must(
      await svc.admin("POST", `/accounts/${accountId}/users`, {
        email: "owner@gone.example.com",
        password: "a long enough password",
      }),
    );
    const r = await submit(svc, key, legitBody(domain));
    assert.equal(r.status, 200, r.text);
    await eventually(() => smtp.messages.length >= 1);

    assert.equal((await svc.admin("DELETE", `/accounts/${accountId}`)).status, 204);
    assert.equal((await svc.admin("GET", `/accounts/${accountId}`)).status, 404);
    assert.equal((await svc.admin("DELETE", `/accounts/${accountId}`)).status, 404);

    await eventually(async () => (await countJobs(svc.ctx.kv)) === 0, 20_000);
    for (const id of [siteId, second.siteId]) {
      assert.equal((await svc.admin("GET", `/sites/${id}`)).status, 404);
    }
    assert.equal((await svc.api("POST", "sites/verify", { key, body: {} })).status, 401);
    assert.deepEqual(await mentions(svc.ctx.kv, accountId, ["spam_bands"]), []);
    assert.deepEqual(await mentions(svc.ctx.kv, "owner@gone.example.com"), []);
    assert.deepEqual((await runDoctor(svc.ctx.kv, { now: Date.now() })).findings, []);
    assert.equal((await svc.admin("GET", `/sites/${keep.siteId}`)).status, 200);
  }, true);
});

function must(a: { status: number; text: string }) {
  assert.ok(a.status < 300, a.text);
}
