/**
 * Fault: the relay is down for 30 s under load (its port refuses connections
 * and open pooled connections are cut), then accepts connections but never
 * greets. mail/send answers send_failed promptly (refused: at once; silent:
 * within the SMTP greeting timeout), forms/submit stores and answers
 * email_sent false, and sending works again once the relay is back, without a
 * restart.
 */
import assert from "node:assert/strict";
import { startSmtp } from "../helpers/smtp.ts";
import { openKv } from "../../domain/kernel/kv/open.ts";
import { getSubmission } from "../../domain/forms/submissions_store.ts";
import { runDoctor } from "../../domain/ops/doctor.ts";
import { formBody, report, seedSite, sleep, startService } from "./harness.ts";

const DOWN_MS = 30_000;
/** The relay connection's greeting timeout (domain/mail/transport.ts), with room for one requeue. */
const SILENT_LIMIT_MS = 25_000;

type Mode = "up" | "down" | "silent";

/** A TCP proxy in front of the SMTP sink whose port can refuse, stay silent, or pass through. */
function relayProxy(target: number) {
  let mode: Mode = "up";
  const open = new Set<Deno.Conn>();
  let listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const serve = async (l: Deno.Listener) => {
    for await (const conn of l) {
      open.add(conn);
      if (mode === "silent") continue; // accepted, never greeted
      (async () => {
        const up = await Deno.connect({ hostname: "127.0.0.1", port: target });
        open.add(up);
        await Promise.allSettled([
          conn.readable.pipeTo(up.writable),
          up.readable.pipeTo(conn.writable),
        ]);
        open.delete(up);
        open.delete(conn);
      })().catch(() => {});
    }
  };
  serve(listener).catch(() => {});
  const cutAll = () => {
    for (const c of open) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    open.clear();
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    set(next: Mode) {
      if (next === "down") {
        listener.close();
        cutAll();
      } else if (mode === "down") {
        listener = Deno.listen({ hostname: "127.0.0.1", port });
        serve(listener).catch(() => {});
      }
      if (next === "up") cutAll();
      mode = next;
    },
    close() {
      if (mode !== "down") listener.close();
      cutAll();
    },
  };
}

Deno.test({
  name:
    "the relay down for 30 s: send_failed promptly, forms stored with email_sent false, recovery",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-relay-" });
    const kvPath = `${dir}/svc.kv`;
    const smtp = await startSmtp();
    const relay = relayProxy(smtp.port);
    const svc = await startService(kvPath, { SVC_SMTP_URL: relay.url });
    try {
      const site = await seedSite(svc, "Relay", null);
      // The forms go to a site of their own: the failed sends are logged, and one site's
      // mail and notifications together would reach check 10's 120 in 60 s as soon as the
      // service answers fast enough for 59 rounds in the 30 s (rate_limited, not a relay fault).
      const formSite = await seedSite(svc, "Relayforms", null);
      const timed = async (path: string, key: string, body: unknown) => {
        const t0 = Date.now();
        const r = await svc.api(path, key, body);
        return { ...r, ms: Date.now() - t0 };
      };
      const mail = (n: number) =>
        timed("mail/send", site.key, {
          to: `r${n}@example.net`,
          subject: `Relay ${n}`,
          text: "Hello.",
        });
      const form = (n: number) =>
        timed("forms/submit", formSite.key, formBody(`relay${n}`, n, "r.example"));
      assert.equal((await mail(0)).body.ok, true);

      relay.set("down");
      const downAt = Date.now();
      const mails = [];
      const forms = [];
      for (let n = 1; Date.now() - downAt < DOWN_MS; n++) {
        mails.push(await mail(n));
        forms.push(await form(n));
        await sleep(500);
      }
      relay.set("silent");
      const silent = await mail(9_999);
      relay.set("up");
      let last: unknown;
      const recovered = await (async () => {
        const until = Date.now() + 15_000;
        for (let n = 10_000;; n++) {
          const r = await mail(n);
          if (r.body.ok === true) return r;
          last = r.body.reason ?? r.body.error;
          if (Date.now() > until) return null;
          await sleep(250);
        }
      })();
      const formAfter = await form(20_000);
      await svc.term();

      const kv = await openKv(kvPath);
      let stored = 0;
      let doctor;
      try {
        for (const f of forms) {
          const s = await getSubmission(kv, f.body.id as string);
          if (s && s.email_sent === false) stored++;
        }
        doctor = await runDoctor(kv, { now: Date.now(), repair: true });
      } finally {
        kv.close();
      }
      const failed = mails.filter((m) => m.body.reason === "send_failed");
      const slowestMail = Math.max(...mails.map((m) => m.ms));
      const slowestForm = Math.max(...forms.map((f) => f.ms));
      const falseForms = forms.filter((f) => f.status === 200 && f.body.email_sent === false);
      await report({
        scenario: "relay down",
        acknowledged: forms.length,
        found: stored,
        duplicates: 0,
        doctorFindings: doctor.remaining.length,
        checked: [
          `relay refused for ${DOWN_MS / 1000} s: ${failed.length} of ${mails.length} mail/send ` +
          `answered send_failed (slowest ${slowestMail} ms)`,
          `${falseForms.length} of ${forms.length} forms/submit answered 200 email_sent false ` +
          `(slowest ${slowestForm} ms); ${stored} stored with email_sent false`,
          `relay silent (accepts, never greets): mail/send answered ${silent.body.reason} ` +
          `after ${silent.ms} ms`,
          `relay back: mail/send ok ${
            recovered ? `after ${recovered.ms} ms, no restart` : `NEVER (last answer ${last})`
          }; ` +
          `forms/submit email_sent ${formAfter.body.email_sent}`,
          `doctor: ${doctor.findings.length} findings, ${doctor.remaining.length} after repair`,
        ],
      });
      assert.equal(failed.length, mails.length, "every send while down failed");
      assert.ok(mails.every((m) => m.status === 200 && m.body.ok === false));
      assert.ok(slowestMail < 2_000, `a send took ${slowestMail} ms while the relay refused`);
      assert.equal(falseForms.length, forms.length);
      assert.equal(stored, forms.length);
      assert.equal(silent.body.reason, "send_failed");
      assert.ok(silent.ms < SILENT_LIMIT_MS, `silent relay: ${silent.ms} ms`);
      assert.ok(recovered, "sending works again without a restart");
      assert.equal(formAfter.body.email_sent, true);
      assert.deepEqual(doctor.remaining, []);
    } finally {
      await svc.kill9().catch(() => {});
      relay.close();
      await smtp.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
