/**
 * The floor of a write (bench/floor.ts): the least any implementation of
 * mail/send or forms/submit on this stack must do, with the service's own
 * building blocks and none of its checks. One process, one thread serving:
 *
 * 1. read the JSON body, check that the fields it needs are strings;
 * 2. commit the accepted work before answering (kill -9 safe): a log record
 *    and its per-site index (forms: the submission and its index too), time-
 *    ordered keys, through the group committer the service uses;
 * 3. build the MIME message and DKIM-sign it with the relay key (OpenSSL, as
 *    the service), send it over a pooled SMTP connection (smtp_pool.ts);
 * 4. commit the outcome (one key), answer.
 *
 * No key check, limits, suppressions, spam judgement, events, webhooks, usage
 * counters, text part from HTML or tracking: each of those is the spec's or
 * the issues' and costs on top of this.
 *
 *   deno run -A bench/lib/floor_server.ts <smtp port> [dkim=1]
 */
import { withGroupCommit } from "../../domain/kernel/kv/group_commit.ts";
import { SmtpTransport } from "../../domain/mail/transport.ts";
import { dkim } from "./delivery_sample.ts";

const smtpPort = Number(Deno.args[0]);
const signed = (Deno.args[1] ?? "1") === "1";
const dir = await Deno.makeTempDir();
const kv = withGroupCommit(await Deno.openKv(`${dir}/floor.kv`));
const transport = new SmtpTransport(`smtp://127.0.0.1:${smtpPort}`, 50);

let seq = 0;
/** Time-ordered ids, as the service's UUIDv7 (its keys land on the B-tree's last pages). */
const nextId = () => `${Date.now().toString(36)}-${(seq++).toString(36).padStart(8, "0")}`;

const str = (v: unknown): v is string => typeof v === "string" && v.length > 0;

async function deliver(id: string, to: string, subject: string, html: string, text: string) {
  const result = await transport.send({
    id,
    messageId: `<${id}@relay.example.com>`,
    recipients: [to],
    returnPaths: [`bounce+${id}@relay.example.com`],
    headerFrom: "relay@relay.example.com",
    subject,
    message: {
      messageId: `<${id}@relay.example.com>`,
      date: new Date(),
      from: { name: "Shop", address: "relay@relay.example.com" },
      to: [{ name: "", address: to }],
      cc: [],
      replyTo: [],
      subject,
      html,
      text,
      attachments: [],
      headers: {},
      dkim: signed ? dkim : null,
    },
  });
  return result.accepted.length > 0;
}

async function mailSend(body: Record<string, unknown>, site: string): Promise<Response> {
  const { to, subject, html } = body;
  if (!str(to) || !str(subject) || !str(html)) return Response.json({ ok: false }, { status: 400 });
  const id = nextId();
  const record = { id, site, to, subject, status: "sending", created_at: new Date().toISOString() };
  await kv.atomic().set(["log", id], record).set(["log_by_site", site, id], null).commit();
  const sent = await deliver(id, to, subject, html, "");
  await kv.atomic().set(["log", id], { ...record, status: sent ? "sent" : "failed" }).commit();
  return Response.json({ ok: true, id, sent });
}

async function formsSubmit(body: Record<string, unknown>, site: string): Promise<Response> {
  const fields = body.fields as Record<string, unknown> | undefined;
  if (!fields || typeof fields !== "object") return Response.json({ ok: false }, { status: 400 });
  const lines: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v !== "string") return Response.json({ ok: false }, { status: 400 });
    lines.push(`${k}: ${v}`);
  }
  const id = nextId();
  const logId = nextId();
  const now = new Date().toISOString();
  const submission = { id, site, fields, visitor: body.visitor ?? null, created_at: now };
  const record = { id: logId, site, to: "owner@shop.example.com", status: "sending" };
  await kv.atomic()
    .set(["submission", id], submission).set(["submission_by_site", site, id], null)
    .set(["log", logId], record).set(["log_by_site", site, logId], null)
    .commit();
  const text = lines.join("\n");
  const html = `<pre>${text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`;
  const sent = await deliver(logId, record.to, "New submission: Contact", html, text);
  await kv.atomic().set(["log", logId], { ...record, status: sent ? "sent" : "failed" }).commit();
  return Response.json({ ok: true, id, email_sent: sent });
}

const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
  const site = req.headers.get("x-service-api-key") ?? "";
  let body: Record<string, unknown>;
  try {
    body = await req.json();
  } catch {
    return Response.json({ ok: false }, { status: 400 });
  }
  const path = new URL(req.url).pathname;
  if (path === "/api/v1/mail/send") return await mailSend(body, site);
  if (path === "/api/v1/forms/submit") return await formsSubmit(body, site);
  return new Response(null, { status: 404 });
});
console.log(`port ${server.addr.port}`);
