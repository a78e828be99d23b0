/**
 * Fault: kill -9 three times under steady load on forms/submit, mail/send,
 * sequences/enroll and SMTP submission (SMTP in, the API key as password),
 * with every site's webhook subscribed to all events and a
 * real SMTP sink as the relay. Afterwards: every acknowledged id exists, every
 * event of those requests reached the receiver at least once (deduplicated by
 * X-SVC-Delivery), no email went out twice for one acknowledged request, no
 * job is stuck (the doctor finds nothing), and SIGTERM ends the service within
 * 10 s.
 */
import assert from "node:assert/strict";
import { message, SmtpClient } from "../helpers/smtp_client.ts";
import { startSmtp } from "../helpers/smtp.ts";
import { startReceiver } from "../helpers/webhook_receiver.ts";
import { openKv } from "../../domain/kernel/kv/open.ts";
import { getSubmission } from "../../domain/forms/submissions_store.ts";
import { getEmailLogByMessageId } from "../../domain/mail/email_log_store.ts";
import { listEnrollmentsOfSite } from "../../domain/sequences/store.ts";
import { listEventsOfSite } from "../../domain/webhooks/store.ts";
import { runDoctor } from "../../domain/ops/doctor.ts";
import { SENDING_STALE_MS } from "../../domain/sequences/steps.ts";
import { formBody, report, seedSite, sleep, startService, type Svc } from "./harness.ts";

type Kind = "form" | "mail" | "enroll" | "smtp";
type Ack = { kind: Kind; siteId: string; token: string; id: string; emailSent: boolean };

const PHASE_MS = 4_000;
const KILLS = 3;

Deno.test({
  name: "kill -9 three times under load: nothing acknowledged is lost or sent twice",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "svc-fault-" });
    const kvPath = `${dir}/svc.kv`;
    const smtp = await startSmtp();
    const rx = startReceiver();
    // SMTP submission keeps its port across restarts: a port free a moment ago.
    const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const submissionPort = (probe.addr as Deno.NetAddr).port;
    probe.close();
    const env = { SVC_SMTP_URL: smtp.url, SVC_SMTP_SUBMISSION_PORT: String(submissionPort) };
    let svc: Svc = await startService(kvPath, env);
    try {
      // Two sites per kind: the spec's mail rate limit (120 log entries a
      // minute per site) stays out of the way at this pace.
      const sites: Record<Kind, { siteId: string; key: string; domain?: string }[]> = {
        form: [],
        mail: [],
        enroll: [],
        smtp: [],
      };
      const seqAccount = (await svc.admin("POST", "/accounts", { name: "Drip" })).id as string;
      await svc.admin("POST", `/accounts/${seqAccount}/templates`, {
        name: "Welcome",
        slug: "welcome",
        subject: "Welcome {{name}}",
        text: "Glad you are here.",
      });
      await svc.admin("POST", `/accounts/${seqAccount}/sequences`, {
        key: "drip",
        name: "Drip",
        enabled: true,
        steps: [{ delay_seconds: 0, template: "welcome" }],
      });
      for (const kind of ["form", "mail", "enroll", "smtp"] as Kind[]) {
        for (const n of [1, 2]) {
          const s = await seedSite(
            svc,
            `${kind}${n}`,
            rx.url,
            kind === "enroll" ? seqAccount : undefined,
          );
          sites[kind].push(s);
        }
      }
      const acks: Ack[] = [];
      let sent = 0;
      let stop = false;
      const kinds: Kind[] = ["form", "mail", "enroll", "smtp"];
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const n = w * 100_000 + i;
          const kind = kinds[n % 4];
          const site = sites[kind][(n >> 2) % 2];
          const token = `t${n}x${crypto.randomUUID().slice(0, 8)}`;
          const target = svc;
          try {
            sent++;
            if (kind === "form") {
              const r = await target.api("forms/submit", site.key, formBody(token, n, "x.example"));
              if (r.status === 200 && typeof r.body.id === "string") {
                acks.push({
                  kind,
                  siteId: site.siteId,
                  token,
                  id: r.body.id,
                  emailSent: r.body.email_sent === true,
                });
              }
            } else if (kind === "mail") {
              const r = await target.api("mail/send", site.key, {
                to: `${token}@example.net`,
                subject: `Order ${token}`,
                text: `Your order ${token} is on its way.`,
              });
              if (r.body.ok === true && typeof r.body.message_id === "string") {
                acks.push({
                  kind,
                  siteId: site.siteId,
                  token,
                  id: r.body.message_id,
                  emailSent: true,
                });
              }
            } else if (kind === "smtp") {
              // Deno sockets: a connection the kill resets is a rejection the
              // catch below sees (nodemailer's socket could throw it uncaught).
              const [client, greeting] = await SmtpClient.connect(submissionPort);
              try {
                if (greeting.code !== 220) throw new Error(`greeting ${greeting.code}`);
                await client.cmd("EHLO fault.test", 5_000);
                const auth = await client.cmd(
                  `AUTH PLAIN ${btoa(`\0fault\0${site.key}`)}`,
                  5_000,
                );
                if (auth.code !== 235) throw new Error(`AUTH ${auth.code}`);
                const from = await client.cmd("MAIL FROM:<shop@blog.example>", 5_000);
                const rcpt = await client.cmd(`RCPT TO:<${token}@example.net>`, 5_000);
                const data = from.code === 250 && rcpt.code === 250
                  ? await client.data(
                    message(
                      {
                        From: "shop@blog.example",
                        To: `${token}@example.net`,
                        Subject: `Receipt ${token}`,
                      },
                      `Your receipt ${token}.\n`,
                    ),
                    15_000,
                  )
                  : rcpt;
                const id = rcpt.code === 250 && data.code === 250
                  ? /<([^>]+)>/.exec(data.lines.at(-1) ?? "")?.[1]
                  : undefined;
                if (id) acks.push({ kind, siteId: site.siteId, token, id, emailSent: true });
              } finally {
                client.close();
              }
            } else {
              const r = await target.api("sequences/enroll", site.key, {
                sequence: "drip",
                email: `${token}@example.net`,
                data: { name: "Kim" },
              });
              if (r.body.ok === true) {
                acks.push({ kind, siteId: site.siteId, token, id: token, emailSent: true });
              }
            }
          } catch {
            // The service is down (killed): not acknowledged, try again.
            await sleep(100);
          }
          await sleep(300);
        }
      };
      const workers = [0, 1, 2].map(worker);
      for (let k = 0; k < KILLS; k++) {
        await sleep(PHASE_MS);
        await svc.kill9();
        svc = await startService(kvPath, env);
      }
      await sleep(PHASE_MS);
      stop = true;
      await Promise.all(workers);

      // Everything acknowledged settles: emails out, events delivered.
      const mailTo = (token: string) =>
        smtp.messages.filter((m) => m.rcptTo.some((r) => r.startsWith(token)));
      const formMail = (token: string) =>
        smtp.messages.filter((m) => m.raw.toString().includes(token));
      const bodies = () =>
        rx.requests.map((r) =>
          JSON.parse(r.text) as { id: string; type: string; data: Record<string, unknown> }
        );
      const eventFor = (a: Ack, evs: ReturnType<typeof bodies>) =>
        evs.some((e) =>
          a.kind === "form"
            ? e.data.submission_id === a.id
            : a.kind === "mail" || a.kind === "smtp"
            ? e.type === "email.sent" &&
              String(e.data.message_id).replace(/^<|>$/g, "") === a.id.replace(/^<|>$/g, "")
            : e.type === "email.sent" && String(e.data.to).startsWith(a.token)
        );
      // A sequence step whose runner was killed between its claim and its
      // outcome waits SENDING_STALE_MS (domain/sequences/steps.ts) before it
      // is judged: resent when the attempt never reached the mail engine,
      // recorded as failed ("interrupted") when it may have, so that no
      // address gets a step twice. Such a step is settled without its email.
      const interrupted = new Set<string>();
      const readInterrupted = async () => {
        const kv = await openKv(kvPath);
        try {
          for (const s of sites.enroll) {
            for (const e of await listEnrollmentsOfSite(kv, s.siteId, 10_000)) {
              if (e.steps.some((o) => o.state === "failed" && /interrupted/.test(o.error ?? ""))) {
                interrupted.add(e.email.split("@")[0]);
              }
            }
          }
        } finally {
          kv.close();
        }
      };
      const missing = () => {
        const evs = bodies();
        return acks.filter((a) =>
          !interrupted.has(a.token) && (
            !eventFor(a, evs) ||
            (a.kind === "form"
              ? a.emailSent && formMail(a.token).length === 0
              : mailTo(a.token).length === 0)
          )
        );
      };
      const settleFrom = Date.now();
      const quick = settleFrom + 90_000;
      let until = quick;
      while (missing().length && Date.now() < until) {
        await sleep(1_000);
        if (until === quick && missing().every((a) => a.kind === "enroll")) {
          until = settleFrom + SENDING_STALE_MS + 90_000;
        }
        if (until !== quick) await readInterrupted();
      }
      const settleMs = Date.now() - settleFrom;
      const stillMissing = missing();

      const stopped = await svc.term();

      // The KV file as the service left it.
      const kv = await openKv(kvPath);
      let found = 0;
      let duplicates = 0;
      const storedEvents = new Set<string>();
      try {
        const enrolled = new Set<string>();
        for (const s of sites.enroll) {
          for (const e of await listEnrollmentsOfSite(kv, s.siteId, 10_000)) {
            enrolled.add(e.email.split("@")[0]);
          }
        }
        for (const a of acks) {
          const exists = a.kind === "form"
            ? (await getSubmission(kv, a.id)) !== null
            : a.kind === "mail" || a.kind === "smtp"
            ? (await getEmailLogByMessageId(kv, a.id)) !== null
            : enrolled.has(a.token);
          if (exists) found++;
          const copies = a.kind === "form" ? formMail(a.token).length : mailTo(a.token).length;
          if (copies > 1) duplicates++;
        }
        for (const kind of kinds) {
          for (const s of sites[kind]) {
            for (const e of await listEventsOfSite(kv, s.siteId, 10_000)) storedEvents.add(e.id);
          }
        }
      } finally {
        kv.close();
      }
      const receivedIds = new Set(bodies().map((b) => b.id));
      const deliveries = new Set(rx.requests.map((r) => r.headers.get("x-svc-delivery")));
      const undelivered = [...storedEvents].filter((id) => !receivedIds.has(id));
      const kv2 = await openKv(kvPath);
      let doctor;
      try {
        doctor = await runDoctor(kv2, { now: Date.now(), repair: true });
      } finally {
        kv2.close();
      }
      const byKind = (k: Kind) => acks.filter((a) => a.kind === k).length;
      await report({
        scenario: "kill -9",
        acknowledged: acks.length,
        found,
        duplicates,
        doctorFindings: doctor.remaining.length,
        checked: [
          `${KILLS} kill -9 and restarts under load; ${sent} requests sent, ${acks.length} ` +
          `acknowledged (forms ${byKind("form")}, mail ${byKind("mail")}, ` +
          `enroll ${byKind("enroll")}, SMTP submission ${byKind("smtp")})`,
          `${found} of ${acks.length} acknowledged ids found in the KV file after the restarts`,
          `${storedEvents.size} stored events, ${undelivered.length} never received; ` +
          `${rx.requests.length} webhook requests for ${deliveries.size} deliveries`,
          `${smtp.messages.length} emails at the SMTP sink, ${duplicates} acknowledged requests mailed twice`,
          `forms answered email_sent true: ${
            acks.filter((a) => a.kind === "form" && a.emailSent).length
          }`,
          `all events and emails in ${Math.round(settleMs / 1000)} s after the load ` +
          `(${stillMissing.length} acknowledged requests still without them; ` +
          `${interrupted.size} sequence steps killed mid-send, recorded failed, not resent)`,
          `doctor: ${doctor.findings.length} findings, ${doctor.remaining.length} after repair` +
          (doctor.findings.length
            ? ` (${doctor.findings.map((f) => `${f.invariant}: ${f.subject}`).join("; ")})`
            : ""),
          `SIGTERM: exit code ${stopped.code} after ${stopped.ms} ms`,
        ],
      });
      assert.ok(
        acks.length > 30,
        `too few acknowledged requests (${acks.length}) to mean anything`,
      );
      assert.equal(found, acks.length, "every acknowledged id exists");
      assert.deepEqual(stillMissing.map((a) => `${a.kind} ${a.token}`), [], "events and emails");
      assert.deepEqual(undelivered, [], "every stored event reached the receiver");
      assert.equal(duplicates, 0, "no email twice for one acknowledged request");
      assert.deepEqual(doctor.remaining, [], "no doctor findings after repair");
      assert.ok(stopped.ms < 10_000, `SIGTERM exit took ${stopped.ms} ms`);
    } finally {
      await svc.kill9().catch(() => {});
      await rx.close();
      await smtp.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
