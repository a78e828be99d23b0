/**
 * Idempotency-Key on POST /mail/send, against a real SMTP sink: the same key
 * and body send once and answer the first answer again; another body is 409
 * idempotency_key_reused; concurrent duplicates wait for the first; without
 * the header nothing changes (spec rule 6).
 */
import assert from "node:assert/strict";
import { seedSite, startTestService, type TestService } from "../../helpers/service.ts";
import { startSmtp, type TestSmtp } from "../../helpers/smtp.ts";
import { stillTrueFor } from "../../helpers/service.ts";
import { sha256Hex } from "../../../domain/kernel/crypto.ts";
import { saveIdempotency } from "../../../domain/mail/idempotency_store.ts";
import { ManualClock } from "../../../domain/kernel/clock.ts";
import { IDEMPOTENCY_TTL_MS, PENDING_TTL_MS } from "../../../domain/mail/idempotency.ts";

async function withSmtp(
  fn: (svc: TestService, smtp: TestSmtp) => Promise<void>,
  clock?: ManualClock,
) {
  const smtp = await startSmtp();
  const svc = await startTestService({
    runJobs: false,
    clock,
    config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@mail.svc.test" },
  });
  try {
    await fn(svc, smtp);
  } finally {
    await svc.close();
    await smtp.close();
  }
}

const BODY = { to: "ann@example.com", subject: "Your order", text: "It has shipped." };

function send(svc: TestService, key: string, idem: string | null, body: unknown = BODY) {
  return svc.api("POST", "mail/send", {
    key,
    body,
    headers: idem === null ? {} : { "idempotency-key": idem },
  });
}

Deno.test("the same Idempotency-Key and body send once and answer the first answer again", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const first = await send(svc, s.key, "order-1001");
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.ok, true);
    assert.equal(first.headers.get("idempotent-replayed"), null);
    await smtp.waitFor(1);
    const again = await send(svc, s.key, "order-1001");
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    await stillTrueFor(300, () => smtp.messages.length === 1, "one message");
  });
});

Deno.test("the same Idempotency-Key with another body answers 409 idempotency_key_reused and sends nothing", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    assert.equal((await send(svc, s.key, "k-1")).body.ok, true);
    const other = await send(svc, s.key, "k-1", { ...BODY, subject: "Another" });
    assert.equal(other.status, 409);
    assert.deepEqual(other.body, {
      ok: false,
      sent: false,
      reason: "idempotency_key_reused",
      error: "idempotency_key_reused",
    });
    await stillTrueFor(300, () => smtp.messages.length === 1, "one message");
  });
});

Deno.test("20 parallel requests with one Idempotency-Key: one message at the SMTP server, twenty equal answers", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const base = await svc.listen();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${base}/api/v1/mail/send`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-service-api-key": s.key,
            "idempotency-key": "burst-7",
          },
          body: JSON.stringify(BODY),
        }).then(async (r) => ({ status: r.status, body: await r.json() }))),
    );
    for (const a of answers) assert.deepEqual(a, answers[0]);
    assert.equal(answers[0].status, 200);
    assert.equal(answers[0].body.sent, true);
    await smtp.waitFor(1);
    await stillTrueFor(500, () => smtp.messages.length === 1, "one message");
  });
});

Deno.test("without Idempotency-Key a repeated request sends twice (spec rule 6)", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const a = await send(svc, s.key, null);
    const b = await send(svc, s.key, null);
    assert.equal(a.body.ok, true);
    assert.equal(b.body.ok, true);
    assert.notEqual(a.body.message_id, b.body.message_id);
    await smtp.waitFor(2);
  });
});

Deno.test("Idempotency-Keys are per site: another site's same key sends its own mail", async () => {
  await withSmtp(async (svc, smtp) => {
    const one = await seedSite(svc);
    const two = await seedSite(svc);
    const a = await send(svc, one.key, "shared-key");
    const b = await send(svc, two.key, "shared-key");
    assert.equal(a.body.ok, true);
    assert.equal(b.body.ok, true);
    assert.equal(b.headers.get("idempotent-replayed"), null);
    await smtp.waitFor(2);
  });
});

Deno.test("a refusal is kept like a success; an invalid Idempotency-Key is invalid_payload", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const noBody = { to: "ann@example.com", subject: "Empty" };
    const first = await send(svc, s.key, "k-2", noBody);
    assert.equal(first.body.reason, "no_body");
    const again = await send(svc, s.key, "k-2", noBody);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get("idempotent-replayed"), "true");

    const long = await send(svc, s.key, "x".repeat(256));
    assert.equal(long.status, 400);
    assert.equal(long.body.reason, "invalid_payload");
    assert.equal((long.body.details as { field: string }[])[0].field, "Idempotency-Key");
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test("a duplicate whose key another process holds waits for that answer", async () => {
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    const keyHash = sha256Hex("elsewhere-1");
    const fingerprint = sha256Hex(JSON.stringify(BODY));
    // Another process claimed the key and is sending.
    await saveIdempotency(svc.ctx.kv, s.siteId, keyHash, {
      state: "pending",
      fingerprint,
      at: Date.now(),
    }, 60_000);
    const waiting = send(svc, s.key, "elsewhere-1");
    await new Promise((r) => setTimeout(r, 100));
    const outcome = {
      ok: true as const,
      sent: true as const,
      held: false as const,
      mode: "relay" as const,
      message_id: "<from-elsewhere@mail.svc.test>",
      log_id: "x",
      to: ["ann@example.com"],
      removed: [],
    };
    await saveIdempotency(svc.ctx.kv, s.siteId, keyHash, {
      state: "done",
      fingerprint,
      at: Date.now(),
      outcome,
    }, 60_000);
    const r = await waiting;
    assert.equal(r.body.message_id, "<from-elsewhere@mail.svc.test>");
    assert.equal(r.headers.get("idempotent-replayed"), "true");
    assert.equal(smtp.messages.length, 0);
  });
});

Deno.test("after 24 hours a key is free again, even while KV still holds the expired record", async () => {
  const clock = new ManualClock(new Date("2026-11-10T12:00:00Z"));
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    assert.equal((await send(svc, s.key, "daily-1")).body.ok, true);
    clock.advance(IDEMPOTENCY_TTL_MS - 1);
    const within = await send(svc, s.key, "daily-1", { ...BODY, subject: "Other" });
    assert.equal(within.status, 409, "one millisecond before 24 hours");
    clock.advance(1);
    // KV's expireIn runs on real time: the record is still stored; its age decides.
    const after = await send(svc, s.key, "daily-1", { ...BODY, subject: "Other" });
    assert.equal(after.status, 200, after.text);
    assert.equal(after.body.sent, true);
    assert.equal(after.headers.get("idempotent-replayed"), null);
    await smtp.waitFor(2);
  }, clock);
});

Deno.test("a claim left by a crashed sender lapses: the next request sends instead of waiting forever", async () => {
  const clock = new ManualClock(new Date("2026-11-10T12:00:00Z"));
  await withSmtp(async (svc, smtp) => {
    const s = await seedSite(svc);
    // A process claimed the key and died; KV has not removed the record yet.
    await saveIdempotency(svc.ctx.kv, s.siteId, sha256Hex("crashed-1"), {
      state: "pending",
      fingerprint: sha256Hex(JSON.stringify(BODY)),
      at: clock.now() - PENDING_TTL_MS,
    }, 3_600_000);
    const r = await send(svc, s.key, "crashed-1");
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.sent, true);
    await smtp.waitFor(1);
    const again = await send(svc, s.key, "crashed-1");
    assert.equal(again.headers.get("idempotent-replayed"), "true");
    await stillTrueFor(300, () => smtp.messages.length === 1, "one message");
  }, clock);
});
