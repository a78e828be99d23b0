/**
 * The inbound SMTP listener (SVC_SMTP_INBOUND_PORT): mail for inbound domains
 * (posted to their URLs) and for the return-path domain (bounces, delays,
 * deliveries and complaints; intake.ts). Nothing else is accepted:
 *
 * - RCPT: an address at an inbound domain, or any local part at the
 *   return-path domain; everything else 550 5.7.1 (no open relay, and no
 *   backscatter: refused at RCPT, nothing is accepted that could bounce later).
 * - DATA: up to 25 MB (552 5.3.4 above it). The answer comes after the work:
 *   250 once every inbound recipient's receiver answered 2xx and the reports
 *   are recorded; 450 4.3.0 when a receiver failed both attempts (the sending
 *   server retries later, with the same X-SVC-Delivery; the text names no
 *   receiver, the log does); 451 4.3.0 when the reports could not be recorded;
 *   554 5.6.0 for a message the parser can never read (a retry cannot help).
 * - No AUTH; STARTTLS when a certificate is configured.
 */
import type { SMTPServerAddress } from "smtp-server";
import { Buffer } from "node:buffer";
import type { Ctx } from "../kernel/context.ts";
import { parseAddress } from "../kernel/address.ts";
import {
  DEFAULT_LIMITS,
  failureReply,
  type ListenerOptions,
  MemoryBudget,
  receive,
  reply,
  type RunningListener,
  startServer,
} from "./smtp_server.ts";
import { returnPathDomain, takeReport } from "./intake.ts";
import { forwardMessage, type ForwardOptions, receivedLine } from "./forward.ts";
import { findInboundDomain, type InboundDomain } from "./store.ts";

export type InboundListenerOptions = ListenerOptions & { forward?: ForwardOptions };

/** What RCPT decided for one recipient, carried on smtp-server's address object. */
type Target = { kind: "report" } | { kind: "forward"; domain: InboundDomain };
type Rcpt = SMTPServerAddress & { svcTarget?: Target };

export async function startInboundListener(
  ctx: Ctx,
  opts: InboundListenerOptions,
): Promise<RunningListener> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const budget = new MemoryBudget(limits.memoryBudget);
  const rpDomain = returnPathDomain(ctx);
  return await startServer({
    role: "inbound",
    name: rpDomain,
    host: opts.host,
    port: opts.port,
    tls: opts.tls,
    limits,
    log: ctx.log,
    scope: ctx.requestScope,
    options: {
      authOptional: true,
      disabledCommands: ["AUTH"],
      onRcptTo(address: Rcpt, _session, callback) {
        const parsed = parseAddress(address.address);
        if (!parsed.ok) return callback(reply(553, "5.1.3 Bad recipient address syntax"));
        const domain = parsed.value.address.slice(parsed.value.address.lastIndexOf("@") + 1)
          .toLowerCase();
        if (domain === rpDomain) {
          address.svcTarget = { kind: "report" };
          return callback();
        }
        findInboundDomain(ctx.kv, domain).then((d) => {
          if (!d) {
            return callback(reply(550, "5.7.1 Relaying denied: no mail accepted for this domain"));
          }
          address.svcTarget = { kind: "forward", domain: d };
          callback();
        }, (e) => {
          ctx.log.error("inbound: recipient lookup failed", { error: e });
          callback(reply(451, "4.3.0 Temporary failure, try again later"));
        });
      },
      onData(stream, session, callback) {
        receive(stream, limits.maxMessageBytes, budget).then(async (got) => {
          try {
            if (got.tooLarge) {
              return callback(reply(552, "5.3.4 Message too big: the limit is 25 MB"));
            }
            if (!got.raw) {
              return callback(reply(452, "4.3.1 Insufficient system storage, try again later"));
            }
            const answer = await deliver(ctx, session, got.raw, opts.forward ?? {});
            callback(
              answer.ok ? null : reply(answer.code, answer.text),
              answer.ok ? answer.text : undefined,
            );
          } catch (e) {
            callback(failureReply(ctx.log, "inbound", e));
          } finally {
            got.release();
          }
        }, (e) => {
          ctx.log.error("inbound: message not received", { error: e });
          callback(reply(451, "4.3.0 Temporary failure, try again later"));
        });
      },
    },
  });
}

type Answer = { ok: true; text: string } | { ok: false; code: number; text: string };

type Session = {
  id: string;
  remoteAddress: string;
  hostNameAppearsAs: string;
  transmissionType: string;
  envelope: { mailFrom: SMTPServerAddress | false; rcptTo: SMTPServerAddress[] };
};

/** Posts the message for each inbound recipient and takes it as a report for the others. */
async function deliver(
  ctx: Ctx,
  session: Session,
  raw: Uint8Array,
  forward: ForwardOptions,
): Promise<Answer> {
  const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
  const rcpts = session.envelope.rcptTo as Rcpt[];
  const reports = rcpts.filter((r) => r.svcTarget?.kind === "report").map((r) => r.address);
  const forwards = rcpts.flatMap((r) =>
    r.svcTarget?.kind === "forward" ? [{ to: r.address, domain: r.svcTarget.domain }] : []
  );
  // Reports first: one that can never be parsed is refused before a receiver got a copy.
  if (reports.length) await takeReport(ctx, raw, { from, to: reports });
  const now = ctx.clock.now();
  const results = await Promise.all(forwards.map(async (f) => {
    const trace = receivedLine({
      helo: String(session.hostNameAppearsAs || "unknown"),
      clientIp: session.remoteAddress,
      by: returnPathDomain(ctx),
      protocol: session.transmissionType || "ESMTP",
      id: session.id,
      for: f.to,
      at: now,
    });
    const body = Buffer.concat([trace, raw]);
    const r = await forwardMessage(ctx, f.domain, { from, to: f.to }, raw, body, forward);
    if (!r.ok) {
      ctx.log.warn("inbound: receiver did not take the message", {
        domain: f.domain.domain,
        delivery: r.deliveryId,
        errors: r.attempts.map((a) => a.error),
      });
    }
    return r;
  }));
  const failed = results.find((r) => !r.ok);
  if (failed) {
    // Which receiver and why is for the operator's log (above), never for the sender.
    return {
      ok: false,
      code: 450,
      text: "4.3.0 The message could not be delivered yet; try again later",
    };
  }
  const ids = results.map((r) => r.deliveryId);
  return { ok: true, text: ids.length ? `2.0.0 Delivered ${ids.join(" ")}` : "2.0.0 Accepted" };
}
