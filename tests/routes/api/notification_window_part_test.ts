/**
 * A form notification reads one part of the site's send window and the
 * window's generation, not all 16 parts (counters.ts windowOfPart,
 * send_state_store.ts `part`): no limit decides it. A window without a
 * generation (never appended to in parts, or written before generations) is
 * read whole, so that an old separate log total is carried exactly once.
 */
import assert from "node:assert/strict";
import { seedSite, type TestService } from "../../helpers/service.ts";
import { legitBody, submit, withMail } from "../../helpers/forms.ts";
import { readsOf } from "../../helpers/kv_reads.ts";
import { readLogWindow, TOTALS } from "../../../domain/mail/reservation.ts";
import {
  addTotal,
  encodeWindow,
  WINDOW_PARTS,
  windowPartKeys,
} from "../../../domain/kernel/kv/counters.ts";

/** Window keys read by one submission, and its answer. */
async function windowReads(svc: TestService, key: string, domain: string) {
  let body: Record<string, unknown> = {};
  const reads = await readsOf(svc.ctx, async () => {
    body = (await submit(svc, key, legitBody(domain))).body;
  });
  assert.equal(body.email_sent, true, JSON.stringify(body));
  // The IP window is not read (no visitor IP): every "windows" key is the send window's.
  return reads.flatMap((r) => r.keys).filter((k) => k === "windows").length;
}

async function logged(svc: TestService, siteId: string): Promise<number> {
  return (await svc.admin("GET", `/sites/${siteId}/email-stats`)).body.logged as number;
}

Deno.test("a notification reads one part and the generation once the window has one; the first reads it whole", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    assert.equal(await windowReads(svc, s.key, s.domain), 2 + WINDOW_PARTS + 1);
    for (let i = 0; i < 4; i++) assert.equal(await windowReads(svc, s.key, s.domain), 2);
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 5);
    assert.equal(w.total, 5);
    assert.equal(await logged(svc, s.siteId), 5);
  });
});

Deno.test("an old separate log total is carried once, by concurrent first notifications too, then one part is read", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    // As stored before windows kept the total: 150 entries summed, no window.
    await addTotal(svc.ctx.kv.atomic(), TOTALS.log, s.siteId, 150).commit();
    const first = await Promise.all(
      Array.from({ length: 6 }, () => submit(svc, s.key, legitBody(s.domain))),
    );
    assert.ok(first.every((r) => r.body.email_sent === true), JSON.stringify(first[0].body));
    for (let i = 0; i < 4; i++) assert.equal(await windowReads(svc, s.key, s.domain), 2);
    await Promise.all(Array.from({ length: 10 }, () => submit(svc, s.key, legitBody(s.domain))));
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 20);
    assert.equal(w.total, 170);
    assert.equal(await logged(svc, s.siteId), 170);
  });
});

Deno.test("a window with totals in its parts but no generation (written before generations) is not carried again", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    // Parts 0 and 3 as an earlier version left them: totals, no generation key.
    const parts = windowPartKeys(TOTALS.log, s.siteId);
    await svc.ctx.kv.atomic()
      .set(parts[0], encodeWindow([], 30))
      .set(parts[3], encodeWindow([], 12))
      .commit();
    // And the old separate total it had carried from, still there.
    await addTotal(svc.ctx.kv.atomic(), TOTALS.log, s.siteId, 30).commit();
    assert.equal(await windowReads(svc, s.key, s.domain), 2 + WINDOW_PARTS + 1);
    assert.equal(await windowReads(svc, s.key, s.domain), 2);
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.total, 44);
    assert.equal(await logged(svc, s.siteId), 44);
  });
});

Deno.test("a notification whose address is suppressed logs its entry from the whole window", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc, { site: { default_notify_email: "owner@example.com" } });
    assert.equal(await windowReads(svc, s.key, s.domain), 2 + WINDOW_PARTS + 1);
    await svc.admin("PATCH", `/sites/${s.siteId}`, { default_notify_email: "gone@example.com" });
    const { addSuppression } = await import("../../../domain/suppressions/store.ts");
    await addSuppression(svc.ctx.kv, svc.ctx.config.encryptionKey, {
      email: "gone@example.com",
      reason: "bounced",
      detail: null,
      created_at: new Date().toISOString(),
    });
    const r = await submit(svc, s.key, legitBody(s.domain));
    assert.equal(r.body.email_sent, false, JSON.stringify(r.body));
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 2);
    assert.equal(w.total, 2);
    assert.equal(await logged(svc, s.siteId), 2);
  });
});
