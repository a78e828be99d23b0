/**
 * A site's send window under a burst: form notifications append to parts of
 * the window (kernel/kv/counters.ts, WINDOW_PARTS) so that one site's
 * submissions need not take turns, while mail/send's 120-in-60-s limit reads
 * and checks every part and stays exact at the boundary.
 */
import assert from "node:assert/strict";
import { seedSite } from "../../helpers/service.ts";
import { legitBody, submit, withMail } from "../../helpers/forms.ts";
import { readLogWindow } from "../../../domain/mail/reservation.ts";

const mail = (i: number) => ({ to: `ann${i}@example.com`, subject: "Hello", text: "Hi Ann" });

Deno.test("100 concurrent form notifications on one site, then 40 concurrent sends: exactly 20 are sent, 20 rate_limited", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    const forms = await Promise.all(
      Array.from({ length: 100 }, () => submit(svc, s.key, legitBody(s.domain))),
    );
    assert.ok(forms.every((r) => r.body.email_sent === true), JSON.stringify(forms[0].body));
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 100);
    assert.ok(w.parts!.filter((p) => p.times.length > 0).length > 1, "spread over parts");
    const sends = await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) => svc.api("POST", "mail/send", { key: s.key, body: mail(i) }),
      ),
    );
    const sent = sends.filter((r) => r.body.sent === true).length;
    const limited = sends.filter((r) => r.body.reason === "rate_limited").length;
    assert.deepEqual({ sent, limited }, { sent: 20, limited: 20 });
  });
});

Deno.test("sends racing form notifications on one site: no window entry is lost and no send passes the limit", async () => {
  await withMail(async (svc) => {
    const s = await seedSite(svc);
    const [forms, sends] = await Promise.all([
      Promise.all(Array.from({ length: 60 }, () => submit(svc, s.key, legitBody(s.domain)))),
      Promise.all(
        Array.from(
          { length: 100 },
          (_, i) => svc.api("POST", "mail/send", { key: s.key, body: mail(i) }),
        ),
      ),
    ]);
    assert.ok(forms.every((r) => r.body.email_sent === true));
    const sent = sends.filter((r) => r.body.sent === true).length;
    const limited = sends.filter((r) => r.body.reason === "rate_limited").length;
    assert.equal(sent + limited, 100);
    // Each send saw fewer than 120 entries: at most 120 sends, at least 60 (all forms first).
    assert.ok(sent >= 60 && sent <= 120, `sent ${sent}`);
    const w = await readLogWindow(svc.ctx, s.siteId);
    assert.equal(w.times.length, 60 + sent, "every append is in the window");
    assert.equal(w.total, 60 + sent, "and in the log total");
    const stats = await svc.admin("GET", `/sites/${s.siteId}/email-stats`);
    assert.equal(stats.body.logged, 60 + sent);
    const more = await svc.api("POST", "mail/send", { key: s.key, body: mail(999) });
    assert.equal(more.body.reason, "rate_limited");
  });
});
