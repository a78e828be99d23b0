/**
 * Fault: the relay refuses connections while visitors submit forms; the
 * service is killed with -9 during the outage and started again on the same
 * KV file; then the relay comes back. Every notification of the outage is
 * kept (the submission's record says pending), retried by its job after the
 * restart (first retry 30 s after the failure) and arrives exactly once.
 */
import assert from "node:assert/strict";
import { startSmtp, type TestSmtp } from "../helpers/smtp.ts";
import { formBody, report, seedSite, sleep, startService, type Svc } from "./harness.ts";

const FORMS = 20;

function freePort(): number {
  const l = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test({
  name: "a relay outage with a kill -9 and a restart: every notification arrives once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-outage-" });
    const kvPath = `${dir}/svc.kv`;
    const port = freePort();
    const env = { SVC_SMTP_URL: `smtp://127.0.0.1:${port}` };
    const first = await startService(kvPath, env);
    let svc: Svc = first;
    let smtp: TestSmtp | null = null;
    try {
      const site = await seedSite(first, "Outage", null);
      const ids: string[] = [];
      for (let n = 0; n < FORMS; n++) {
        const body = formBody(`outage${n}`, n, "o.example");
        const r = await first.api("forms/submit", site.key, body);
        assert.equal(r.status, 200);
        // The repeated texts make the spam judgement's near-duplicate memory call some spam
        // (stored, no notification): only the others have a notification to keep.
        if (r.body.email_sent === false) ids.push(r.body.id as string);
      }
      const notifications = (list: string[]) =>
        Promise.all(list.map(async (id) => {
          const view = await svc.admin("GET", `/submissions/${id}`);
          return (view.notification as { status?: string } | null)?.status;
        }));
      const pendingBefore = (await notifications(ids)).filter((s) => s === "pending").length;

      const killedAt = Date.now();
      await first.kill9();
      svc = await startService(kvPath, env);
      smtp = await startSmtp({ port });
      const until = Date.now() + 90_000;
      while (smtp.messages.length < ids.length && Date.now() < until) await sleep(250);
      const firstAfterMs = Date.now() - killedAt;
      // Any duplicate would come with the next round of retries: wait past it.
      await sleep(5_000);
      const refs = smtp.messages.map((m) => /Reference (outage\d+)/.exec(m.raw.toString())?.[1]);
      const byRef = new Map<string, number>();
      for (const r of refs) if (r) byRef.set(r, (byRef.get(r) ?? 0) + 1);
      const delivered = byRef.size;
      const duplicates = [...byRef.values()].reduce((n, c) => n + c - 1, 0);
      const sentViews = (await notifications(ids)).filter((s) => s === "sent").length;
      await report({
        scenario: "relay outage",
        acknowledged: pendingBefore,
        found: delivered,
        duplicates,
        checked: [
          `relay refused: ${ids.length} of ${FORMS} forms/submit answered email_sent false ` +
          `(the others judged spam); kill -9; restart; relay back`,
          `${delivered} notifications arrived ${
            Math.round(firstAfterMs / 1000)
          } s after the kill; ` +
          `${sentViews} records say sent`,
          `notifications: pending ${pendingBefore}, delivered ${delivered}, duplicates ${duplicates}`,
        ],
      });
      assert.ok(ids.length >= 3, `only ${ids.length} notifications to keep`);
      assert.equal(pendingBefore, ids.length);
      assert.equal(delivered, ids.length);
      assert.equal(duplicates, 0);
      assert.equal(sentViews, ids.length);
    } finally {
      await svc.kill9().catch(() => {});
      await smtp?.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
