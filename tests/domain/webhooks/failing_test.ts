import assert from "node:assert/strict";
import { emitEvent } from "../../../domain/webhooks/events.ts";
import { checkFailingWebhooks, failingNotice } from "../../../domain/webhooks/failing.ts";
import { readWebhook } from "../../../domain/webhooks/webhooks.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { startReceiver } from "../../helpers/webhook_receiver.ts";
import { startSmtp } from "../../helpers/smtp.ts";
import { addWebhook } from "../../helpers/webhooks.ts";

const HOUR = 3600_000;

/** One event, delivered on the spec's schedule (the clock moved past each retry). */
async function deliverEvent(svc: TestService, clock: ManualClock, siteId: string) {
  await emitEvent(svc.ctx, siteId, "form.submitted", { submission_id: "s", form_id: 1 });
  for (const ms of [0, 1_500, 3_000]) {
    clock.advance(ms);
    await svc.runner.sweep();
    await svc.runner.idle();
  }
}

Deno.test("a webhook failing every delivery for 24 hours: one email to the owners, again only after a success and another 24 hours", async () => {
  const smtp = await startSmtp();
  const clock = new ManualClock(Date.parse("2026-03-02T09:00:00Z"));
  const svc = await startTestService({
    clock,
    runJobs: false,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@svc.test" },
  });
  let down = true;
  const rx = startReceiver(() => new Response(null, { status: down ? 503 : 200 }));
  try {
    const { siteId } = await seedSite(svc);
    const hook = await addWebhook(svc, siteId, rx.url, ["form.submitted"]);
    const w = (await readWebhook(svc.ctx, hook.id))!;

    await deliverEvent(svc, clock, siteId);
    assert.equal(rx.requests.length, 3);
    assert.equal(await checkFailingWebhooks(svc.ctx), 0, "a streak starts");
    clock.advance(23 * HOUR);
    await deliverEvent(svc, clock, siteId);
    assert.equal(await checkFailingWebhooks(svc.ctx), 0, "not 24 hours yet");
    assert.equal(await failingNotice(svc.ctx, w), null);
    clock.advance(HOUR);
    assert.equal(await checkFailingWebhooks(svc.ctx), 1, "24 hours of failures: told");
    const [mail] = await smtp.waitFor(1);
    assert.deepEqual(mail.rcptTo, ["owner@example.com"]);
    const parsed = await mail.parse();
    assert.match(parsed.subject ?? "", /^Webhook failing for 24 hours/);
    assert.match(parsed.text ?? "", /has failed since 2026-03-02T09:00/);
    assert.ok((await failingNotice(svc.ctx, w))?.notified_at, "the page says so");

    // Not repeated while it keeps failing.
    clock.advance(30 * HOUR);
    await deliverEvent(svc, clock, siteId);
    assert.equal(await checkFailingWebhooks(svc.ctx), 0);

    // A success ends the streak; a new 24-hour streak is told again.
    down = false;
    await deliverEvent(svc, clock, siteId);
    assert.equal(await checkFailingWebhooks(svc.ctx), 0);
    assert.equal(await failingNotice(svc.ctx, w), null);
    down = true;
    await deliverEvent(svc, clock, siteId);
    assert.equal(await checkFailingWebhooks(svc.ctx), 0);
    clock.advance(25 * HOUR);
    await deliverEvent(svc, clock, siteId);
    assert.equal(await checkFailingWebhooks(svc.ctx), 1);
    await smtp.waitFor(2);
    const view = await svc.admin("GET", `/webhooks/${hook.id}`);
    assert.equal(view.body.paused, false, "pausing stays manual");
  } finally {
    await svc.close();
    await rx.close();
    await smtp.close();
  }
});
