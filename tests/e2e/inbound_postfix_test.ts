/**
 * The bounce loop end to end through a real Postfix: the service relays
 * through a private Postfix instance to a sink that refuses one recipient at
 * RCPT with 550 5.1.1. Postfix's own bounce goes to the message's VERP
 * Return-Path, which Postfix routes (transport_maps) to the service's inbound
 * listener; the site's webhook receiver gets email.bounced (recipient,
 * suppressed), and a later send to that address answers send_failed
 * all_recipients_suppressed. A delivered message comes back as Postfix's
 * success notice (the sink offers no DSN, so Postfix reports "relayed"),
 * which becomes email.delivered. Needs root and Debian's postfix (.ci/run).
 */
import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import { verify } from "@octokit/webhooks-methods";
import { eventually, seedSite, startTestService, type TestService } from "../helpers/service.ts";
import { type Receiver, startReceiver } from "../helpers/webhook_receiver.ts";
import { type Postfix, startPostfix } from "./helpers/postfix.ts";
import { createMailServices } from "../../domain/mail/services.ts";
import { startInboundListener } from "../../domain/inbound/listener.ts";
import type { RunningListener } from "../../domain/inbound/smtp_server.ts";

const RP = "mail.svc.test";
const NOBODY = "nobody@example.net";

/** A receiving server that refuses NOBODY at RCPT and takes everything else. */
async function startSink() {
  const got: { to: string[] }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() === NOBODY) {
        return callback(Object.assign(
          new Error(`5.1.1 <${NOBODY}>: Recipient address rejected: User unknown`),
          { responseCode: 550 },
        ));
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        got.push({ to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    port: (server.server.address() as { port: number }).port,
    got,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

type Loop = {
  svc: TestService;
  pf: Postfix;
  receiver: Receiver;
  secret: string;
  key: string;
  siteId: string;
};

async function withLoop(fn: (l: Loop) => Promise<void>) {
  const sink = await startSink();
  const svc = await startTestService({
    config: { SVC_RELAY_FROM: `relay@${RP}` },
    runner: { sweepEveryMs: 100 },
  });
  let inbound: RunningListener | null = null;
  let pf: Postfix | null = null;
  const receiver = startReceiver(() => new Response(null, { status: 204 }));
  try {
    inbound = await startInboundListener(svc.ctx, {
      port: 0,
      host: "127.0.0.1",
      tls: null,
      limits: { closeMs: 500 },
    });
    // Mail for the return-path domain (bounces, success notices) goes to the listener.
    pf = await startPostfix(sink.port, [
      `transport_maps = inline:{ ${RP}=smtp:[127.0.0.1]:${inbound.port} }`,
    ]);
    // The listener needed the service, Postfix the listener: the relay is known
    // only now, so the context's mail services are made again for it.
    svc.ctx.config.SVC_SMTP_URL = `smtp://127.0.0.1:${pf.port}`;
    await svc.ctx.mail.close();
    svc.ctx.mail = createMailServices(svc.ctx.config, svc.ctx.kv, svc.ctx.clock, svc.ctx.log);
    const s = await seedSite(svc);
    const hook = await svc.admin("POST", `/sites/${s.siteId}/webhooks`, {
      url: receiver.url,
      events: ["all"],
    });
    assert.equal(hook.status, 201, hook.text);
    await fn({
      svc,
      pf,
      receiver,
      secret: hook.body.secret as string,
      key: s.key,
      siteId: s.siteId,
    });
  } catch (e) {
    if (pf) console.error(await pf.log());
    throw e;
  } finally {
    await pf?.stop();
    await inbound?.close();
    await receiver.close();
    await svc.close();
    await sink.close();
  }
}

type Event = { type: string; data: Record<string, unknown> };

/** The verified events the receiver got, in arrival order. */
async function received(l: Loop): Promise<Event[]> {
  const out: Event[] = [];
  for (const r of l.receiver.requests) {
    assert.ok(await verify(l.secret, r.text, r.headers.get("x-svc-signature")!), "signature");
    out.push(JSON.parse(r.text));
  }
  return out;
}

Deno.test("Postfix's bounce for a 550 5.1.1 becomes email.bounced with suppressed, and the address is not sent to again", async () => {
  await withLoop(async (l) => {
    const r = await l.svc.api("POST", "mail/send", {
      key: l.key,
      body: { to: NOBODY, subject: "Will bounce", text: "Hello" },
    });
    assert.equal(r.body.sent, true, "Postfix accepted it; the refusal comes later");
    const bounced = await eventually(
      async () => (await received(l)).find((e) => e.type === "email.bounced"),
      60_000,
      100,
    );
    assert.equal(bounced.data.message_id, r.body.message_id);
    assert.equal(bounced.data.to, NOBODY);
    assert.equal(bounced.data.subject, "Will bounce");
    assert.equal(bounced.data.bounce_kind, "recipient");
    assert.equal(bounced.data.suppressed, true);
    assert.match(bounced.data.detail as string, /550 5\.1\.1 .*User unknown/);
    const again = await l.svc.api("POST", "mail/send", {
      key: l.key,
      body: { to: NOBODY, subject: "Again", text: "Hello" },
    });
    assert.equal(again.body.ok, false);
    assert.equal(again.body.reason, "send_failed");
    assert.equal(again.body.error, "all_recipients_suppressed");
  });
});

Deno.test("Postfix's success notice becomes email.delivered, once", async () => {
  await withLoop(async (l) => {
    const r = await l.svc.api("POST", "mail/send", {
      key: l.key,
      body: { to: "ann@example.net", subject: "Will arrive", text: "Hello" },
    });
    assert.equal(r.body.sent, true, r.text);
    const delivered = await eventually(
      async () => (await received(l)).find((e) => e.type === "email.delivered"),
      60_000,
      100,
    );
    assert.deepEqual(delivered.data, {
      message_id: r.body.message_id,
      to: "ann@example.net",
      subject: "Will arrive",
    });
    // However long one waits, no second one.
    await new Promise((r) => setTimeout(r, 1000));
    const all = await received(l);
    assert.equal(all.filter((e) => e.type === "email.delivered").length, 1);
    assert.deepEqual(all.filter((e) => e.type.startsWith("email.")).map((e) => e.type).sort(), [
      "email.delivered",
      "email.sent",
    ]);
    const log = await l.svc.admin("GET", `/sites/${l.siteId}/email-log`);
    const rec = (log.body.items as Record<string, unknown>[]).find((x) =>
      x.message_id === r.body.message_id
    )!;
    const reports = rec.delivery_reports as { type: string; action: string }[];
    assert.deepEqual(reports.map((x) => [x.type, x.action]), [["delivered", "relayed"]]);
  });
});
