/**
 * Standard Webhooks, opt-in per webhook: webhook-id, webhook-timestamp and
 * webhook-signature beside the spec's headers (which stay exactly as the spec
 * says), verified with the `standardwebhooks` npm package; secret rotation
 * keeps the old secret signing for the grace period.
 */
import assert from "node:assert/strict";
import { verify } from "@octokit/webhooks-methods";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { emitEvent } from "../../../domain/webhooks/events.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { type Received, startReceiver } from "../../helpers/webhook_receiver.ts";
import { addWebhook } from "../../helpers/webhooks.ts";

const DATA = {
  submission_id: "0190b2c4-7e1a-7000-8000-000000000001",
  form_id: 1,
  classification: "legitimate",
  spam_score: 3,
  fields: { name: "Zoë" },
};

function headersOf(r: Received): Record<string, string> {
  return Object.fromEntries(r.headers.entries());
}

/** Emits one event and returns the request the receiver got for it. */
async function deliverOne(
  svc: TestService,
  siteId: string,
  rx: ReturnType<typeof startReceiver>,
): Promise<Received> {
  const before = rx.requests.length;
  await emitEvent(svc.ctx, siteId, "form.submitted", DATA);
  await rx.waitFor(before + 1);
  return rx.requests[before];
}

Deno.test("new secrets are whsec_ + base64 of 32 bytes, the format Standard Webhooks reads", async () => {
  const svc = await startTestService({ runJobs: false });
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, "http://127.0.0.1:9/hook");
    assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const raw = atob(hook.secret.slice("whsec_".length));
    assert.equal(raw.length, 32);
    new StandardWebhook(hook.secret); // the library accepts it
  } finally {
    await svc.close();
  }
});

Deno.test("standard_webhooks: true adds webhook-id/-timestamp/-signature that the standardwebhooks package verifies; the spec's headers stay", async () => {
  const clock = new ManualClock(Date.now());
  const svc = await startTestService({ clock });
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url, ["all"], { standard_webhooks: true });
    const view = await svc.admin("GET", `/webhooks/${hook.id}`);
    assert.equal(view.body.standard_webhooks, true);
    const got = await deliverOne(svc, siteId, rx);
    const h = headersOf(got);
    // The spec's headers, exactly.
    assert.equal(h["x-svc-event"], "form.submitted");
    assert.match(h["x-svc-signature"], /^sha256=[0-9a-f]{64}$/);
    assert.equal(await verify(hook.secret, got.text, h["x-svc-signature"]), true);
    assert.deepEqual(
      Object.keys(h).filter((k) => k.startsWith("x-svc-")).sort(),
      ["x-svc-delivery", "x-svc-event", "x-svc-signature"],
    );
    // Standard Webhooks: the delivery id, this attempt's time, one v1 signature.
    assert.equal(h["webhook-id"], h["x-svc-delivery"]);
    assert.equal(h["webhook-timestamp"], String(Math.floor(clock.now() / 1000)));
    assert.match(h["webhook-signature"], /^v1,[A-Za-z0-9+/]{43}=$/);
    const payload = new StandardWebhook(hook.secret).verify(got.text, h) as { type: string };
    assert.equal(payload.type, "form.submitted");
    // A changed body fails.
    assert.throws(() => new StandardWebhook(hook.secret).verify(got.text + " ", h));

    // The test action is signed the same way (webhook-id = the test event's id).
    const t = await svc.admin("POST", `/webhooks/${hook.id}/test`);
    assert.equal(t.body.ok, true);
    const test = rx.requests.at(-1)!;
    assert.equal(test.headers.get("webhook-id"), t.body.event_id);
    new StandardWebhook(hook.secret).verify(test.text, headersOf(test));
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("without standard_webhooks no webhook-* header is sent; PATCH turns it on and off", async () => {
  const svc = await startTestService();
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url);
    assert.equal((await svc.admin("GET", `/webhooks/${hook.id}`)).body.standard_webhooks, false);
    let got = await deliverOne(svc, siteId, rx);
    assert.deepEqual(Object.keys(headersOf(got)).filter((k) => k.startsWith("webhook-")), []);

    const on = await svc.admin("PATCH", `/webhooks/${hook.id}`, { standard_webhooks: true });
    assert.equal(on.body.standard_webhooks, true);
    got = await deliverOne(svc, siteId, rx);
    new StandardWebhook(hook.secret).verify(got.text, headersOf(got));

    const off = await svc.admin("PATCH", `/webhooks/${hook.id}`, { standard_webhooks: false });
    assert.equal(off.body.standard_webhooks, false);
    got = await deliverOne(svc, siteId, rx);
    assert.equal(got.headers.get("webhook-signature"), null);
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("after a rotation both secrets sign for the grace period, then only the new one", async () => {
  const clock = new ManualClock(Date.now());
  const svc = await startTestService({ clock });
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url, ["all"], { standard_webhooks: true });
    const rot = await svc.admin("POST", `/webhooks/${hook.id}/rotate-secret`);
    assert.equal(rot.status, 200);
    const fresh = rot.body.secret as string;
    assert.notEqual(fresh, hook.secret);
    assert.equal(
      rot.body.previous_secret_valid_until,
      new Date(clock.now() + 24 * 3_600_000).toISOString(),
    );
    const view = await svc.admin("GET", `/webhooks/${hook.id}`);
    assert.equal(view.body.previous_secret_valid_until, rot.body.previous_secret_valid_until);

    let got = await deliverOne(svc, siteId, rx);
    let h = headersOf(got);
    // Two space-separated signatures: receivers holding either secret accept it.
    assert.equal(h["webhook-signature"].split(" ").length, 2);
    new StandardWebhook(fresh).verify(got.text, h);
    new StandardWebhook(hook.secret).verify(got.text, h);
    // The spec's header carries the new secret; the old one's is beside it.
    assert.equal(await verify(fresh, got.text, h["x-svc-signature"]), true);
    assert.equal(await verify(hook.secret, got.text, h["x-svc-signature-previous"]), true);

    clock.advance(24 * 3_600_000 + 1000);
    got = await deliverOne(svc, siteId, rx);
    h = headersOf(got);
    assert.equal(h["webhook-signature"].split(" ").length, 1);
    assert.equal(h["x-svc-signature-previous"], undefined);
    // The manual clock is a day ahead of the library's tolerance window: sign with the
    // library at the header's time and compare.
    const at = new Date(Number(h["webhook-timestamp"]) * 1000);
    const signed = (secret: string) =>
      new StandardWebhook(secret).sign(h["webhook-id"], at, got.text);
    assert.equal(h["webhook-signature"], signed(fresh));
    assert.notEqual(h["webhook-signature"], signed(hook.secret));
    assert.equal(
      (await svc.admin("GET", `/webhooks/${hook.id}`)).body.previous_secret_valid_until,
      null,
    );
  } finally {
    await rx.close();
    await svc.close();
  }
});

Deno.test("with SVC_WEBHOOK_GRACE_HOURS=0 the old secret stops signing at once", async () => {
  const svc = await startTestService({ config: { SVC_WEBHOOK_GRACE_HOURS: 0 } });
  const rx = startReceiver();
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url, ["all"], { standard_webhooks: true });
    const rot = await svc.admin("POST", `/webhooks/${hook.id}/rotate-secret`);
    assert.equal(rot.body.previous_secret_valid_until, null);
    const got = await deliverOne(svc, siteId, rx);
    assert.equal(got.headers.get("webhook-signature")!.split(" ").length, 1);
    assert.equal(got.headers.get("x-svc-signature-previous"), null);
    new StandardWebhook(rot.body.secret as string).verify(got.text, headersOf(got));
  } finally {
    await rx.close();
    await svc.close();
  }
});
