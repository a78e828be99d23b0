/**
 * SMTP submission (SVC_SMTP_SUBMISSION_PORT) for programs that speak SMTP, not
 * the API: WordPress SMTP plugins (WP Mail SMTP, FluentSMTP, Post SMTP),
 * PHPMailer, a local MTA's smarthost.
 *
 * - AUTH PLAIN or LOGIN with any user name and the site's API key as the
 *   password: 535 5.7.8 for a wrong key (counted against the client address
 *   like a wrong API key header, then 454 4.7.0 for a minute), 530 5.7.0 for
 *   MAIL before AUTH. Over plain text only from loopback; from elsewhere AUTH
 *   needs STARTTLS first (538 5.7.11), so a key never crosses the network in
 *   clear. The key is checked again for every message: a rotated key stops at once.
 * - Each message goes through the same pipeline as POST /mail/send
 *   (`sendMail`, source `smtp`): relay or domain mode, suppressions, spam
 *   checks, rate limit, quota, the email log and events. The message becomes
 *   the send's fields: envelope recipients named in To and Cc are `to` and
 *   `cc`, the others `bcc`; Subject, the text and HTML parts, attachments
 *   (inline ones with their Content-ID), From's display name as the sender
 *   name and its address as `original_from`, Reply-To, and the other headers
 *   the header policy keeps (X-*, List-Unsubscribe, In-Reply-To, ...).
 *   `X-SVC-Account-Mail: 1` (or `true`) marks the message as account mail
 *   (mail/send's `account_mail`); that header is removed whatever its value.
 * - The answer to DATA carries the check's reason: 250 with the Message-ID,
 *   452 4.7.0 rate_limited, 554 5.7.1 content_flagged / ai_flagged, 554 5.7.0
 *   over_quota, 550 5.1.1 all_recipients_suppressed, 550 5.7.1
 *   all_recipients_unsubscribed, 550 5.6.0 for a message the API would refuse
 *   as invalid, 552 5.3.4 attachments_too_large; a relay failure 451 4.3.0 (or
 *   554 5.0.0 when the relay refused it for good) with its reply.
 */
import type { SMTPServerAuthentication, SMTPServerSession } from "smtp-server";
import { Buffer } from "node:buffer";
import type { Ctx } from "../kernel/context.ts";
import { ApiError } from "../kernel/errors.ts";
import { addressKey, parseAddress } from "../kernel/address.ts";
import { failureLimiter } from "../kernel/auth_guard.ts";
import { addressKey as clientKey } from "../kernel/net/client.ts";
import { checkApiKey } from "../sites/auth.ts";
import { sendMail } from "../mail/send.ts";
import type { SendOutcome } from "../mail/outcome.ts";
import type { MailSendInput } from "../mail/schema.ts";
import { ACCOUNT_MAIL_HEADER, isStructuralHeader } from "../mail/headers.ts";
import {
  DEFAULT_LIMITS,
  failureReply,
  isLoopback,
  type ListenerOptions,
  MemoryBudget,
  receive,
  reply,
  type RunningListener,
  startServer,
} from "./smtp_server.ts";
import { addressesOf, type ParsedMail, parseMessage } from "./parse.ts";
import { returnPathDomain } from "./intake.ts";
import { clipChars } from "../kernel/text.ts";

export type SubmissionListenerOptions = ListenerOptions;

/** What a successful AUTH keeps for the connection. */
type SubmissionUser = { key: string };

export async function startSubmissionListener(
  ctx: Ctx,
  opts: SubmissionListenerOptions,
): Promise<RunningListener> {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const budget = new MemoryBudget(limits.memoryBudget);
  const guard = failureLimiter(ctx, "api");
  return await startServer({
    role: "submission",
    name: returnPathDomain(ctx),
    host: opts.host,
    port: opts.port,
    tls: opts.tls,
    limits,
    log: ctx.log,
    scope: ctx.requestScope,
    options: {
      authMethods: ["PLAIN", "LOGIN"],
      authOptional: false,
      // Plain-text AUTH is decided per client in onAuth (loopback only).
      allowInsecureAuth: true,
      authRequiredMessage: "5.7.0 Authentication required",
      onAuth(auth: SMTPServerAuthentication, session: SMTPServerSession, callback) {
        const address = clientKey(session.remoteAddress) ?? session.remoteAddress;
        if (!session.secure && !isLoopback(session.remoteAddress)) {
          return callback(reply(538, "5.7.11 Encryption required: use STARTTLS first"));
        }
        const wait = guard.retryAfter(address);
        if (wait > 0) return callback(tooManyFailures(wait));
        const key = (auth.password ?? "").trim();
        checkApiKey(ctx, key, { countRequest: false }).then(
          () => callback(null, { user: { key } satisfies SubmissionUser }),
          (e: unknown) => {
            if (e instanceof ApiError && e.code === "invalid_api_key") {
              const blocked = guard.fail(address, key);
              if (blocked > 0) return callback(tooManyFailures(blocked));
            }
            if (e instanceof ApiError) {
              const why = e.code === "site_disabled" ? "site_disabled" : "invalid_api_key";
              return callback(reply(535, `5.7.8 Authentication credentials invalid (${why})`));
            }
            ctx.log.error("submission: authentication failed", { error: e });
            callback(reply(454, "4.7.0 Temporary authentication failure"));
          },
        );
      },
      onRcptTo(address, _session, callback) {
        if (!parseAddress(address.address).ok) {
          return callback(reply(553, "5.1.3 Bad recipient address syntax"));
        }
        callback();
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
            const a = await submit(ctx, session, got.raw);
            callback(
              a.code < 400 ? null : reply(a.code, a.text),
              a.code < 400 ? a.text : undefined,
            );
          } catch (e) {
            callback(failureReply(ctx.log, "submission", e));
          } finally {
            got.release();
          }
        }, (e) => {
          ctx.log.error("submission: message not received", { error: e });
          callback(reply(451, "4.3.0 Temporary failure, try again later"));
        });
      },
    },
  });
}

function tooManyFailures(seconds: number) {
  return reply(454, `4.7.0 Too many failed authentications, try again in ${seconds} s`);
}

export type SmtpAnswer = { code: number; text: string };

/** One submitted message through the send pipeline. */
async function submit(ctx: Ctx, session: SMTPServerSession, raw: Uint8Array): Promise<SmtpAnswer> {
  const user = session.user as SubmissionUser | undefined;
  if (!user) return { code: 530, text: "5.7.0 Authentication required" };
  let site;
  let retryAfter = 0;
  try {
    // Each message is one request of the key (its site's per-key limit, when set).
    ({ site } = await checkApiKey(ctx, user.key, {
      onRequestLimit: (d) => retryAfter = d.retryAfterSeconds,
    }));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code === "rate_limited") {
      return { code: 452, text: `4.7.0 rate_limited: try again in ${retryAfter} s` };
    }
    return { code: 554, text: `5.7.8 ${e.code}: the API key no longer works` };
  }
  const envelope = session.envelope.rcptTo.map((r) => r.address);
  const input = messageToInput(await parseMessage(raw), envelope);
  if ("code" in input) return input;
  return smtpAnswer(await sendMail(ctx, site, input, { source: "smtp" }));
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0a-\x1f]/;

/** Most headers passed on (the API's own limit). */
const MAX_HEADERS = 100;

/**
 * The POST /mail/send body a submitted message stands for (see the top of
 * this file), or the SMTP answer when it cannot be one.
 */
export function messageToInput(mail: ParsedMail, envelope: string[]): MailSendInput | SmtpAnswer {
  const rcpts = new Map<string, string>();
  for (const r of envelope) {
    const k = addressKey(r);
    if (k && !rcpts.has(k)) rcpts.set(k, r);
  }
  const named = (list: string[]) => list.filter((a) => rcpts.has(a));
  let to = [...new Set(named(addressesOf(mail.to)))];
  const cc = [...new Set(named(addressesOf(mail.cc)))].filter((a) => !to.includes(a));
  let bcc = [...rcpts.keys()].filter((a) => !to.includes(a) && !cc.includes(a));
  if (!to.length) {
    // No To among the recipients: one recipient can be it, several would all be shown.
    if (rcpts.size !== 1) {
      return {
        code: 550,
        text: "5.6.0 invalid_payload: the To header must name at least one envelope recipient",
      };
    }
    to = bcc;
    bcc = [];
  }
  const original = (k: string) => rcpts.get(k)!;
  const from = mail.from?.value?.[0];
  const replyTo = addressesOf(mail.replyTo);
  const headers: Record<string, string> = {};
  let n = 0;
  let accountMail = false;
  for (const h of mail.headerLines) {
    const at = h.line.indexOf(":");
    const value = h.line.slice(at + 1).replace(/\r?\n[ \t]+/g, " ").trim();
    if (h.key === ACCOUNT_MAIL_HEADER) {
      // The sender's instruction to the service, never passed on to recipients.
      accountMail ||= /^(1|true)$/i.test(value);
      continue;
    }
    if (n >= MAX_HEADERS || isStructuralHeader(h.key)) continue;
    const name = h.line.slice(0, at).trim();
    if (!/^[!-9;-~]{1,120}$/.test(name) || value.length > 2000 || CONTROL.test(value)) continue;
    if (Object.keys(headers).some((k) => k.toLowerCase() === h.key)) continue;
    headers[name] = value;
    n++;
  }
  const sender = from?.address ? addressKey(from.address) : null;
  return {
    to: to.map(original),
    ...(cc.length && { cc: cc.map(original) }),
    ...(bcc.length && { bcc: bcc.map(original) }),
    ...(replyTo.length && { reply_to: replyTo.slice(0, 50) }),
    ...(sender && { original_from: sender }),
    ...(from?.name && { from: { name: clipChars(from.name, 200), address: sender ?? undefined } }),
    subject: mail.subject ?? "",
    ...(typeof mail.html === "string" && mail.html && { html: mail.html }),
    ...(typeof mail.text === "string" && mail.text && { text: mail.text }),
    ...(Object.keys(headers).length && { headers }),
    ...(accountMail && { account_mail: true }),
    ...(mail.attachments.length && {
      attachments: mail.attachments.map((a, i) => ({
        filename: clipChars((a.filename ?? "").replace(/[\r\n\0]/g, " "), 255) ||
          `attachment-${i + 1}`,
        content: Buffer.from(a.content).toString("base64"),
        content_type: clipChars(a.contentType, 200),
        ...(a.cid && { content_id: clipChars(a.cid.replace(/[\r\n\0]/g, ""), 200) }),
      })),
    }),
  };
}

/** The SMTP answer for a send outcome: the check's reason in the text. */
export function smtpAnswer(out: SendOutcome): SmtpAnswer {
  if (out.ok) {
    return out.held
      ? { code: 250, text: "2.0.0 Accepted (held_as_spam)" }
      : { code: 250, text: `2.0.0 Accepted ${out.message_id} mode=${out.mode}` };
  }
  switch (out.reason) {
    case "rate_limited":
      return { code: 452, text: "4.7.0 rate_limited: 120 emails in 60 s, try again shortly" };
    case "content_flagged":
    case "ai_flagged":
      return { code: 554, text: `5.7.1 ${out.reason}: refused as spam` };
    case "over_quota":
      return { code: 554, text: "5.7.0 over_quota: the monthly email limit is reached" };
    case "attachments_too_large":
      return { code: 552, text: "5.3.4 attachments_too_large: more than 15 MB of attachments" };
    case "invalid_attachment":
      return { code: 550, text: `5.6.0 invalid_attachment: ${out.filename ?? ""}` };
    case "send_failed":
      if (out.error === "all_recipients_suppressed") {
        return { code: 550, text: "5.1.1 all_recipients_suppressed" };
      }
      if (out.error === "all_recipients_unsubscribed") {
        return { code: 550, text: "5.7.1 all_recipients_unsubscribed" };
      }
      return /^5\d\d\b/.test(out.error)
        ? { code: 554, text: `5.0.0 send_failed: ${out.error}` }
        : { code: 451, text: `4.3.0 send_failed: ${out.error}` };
    default: {
      const d = out.details?.[0];
      return {
        code: 550,
        text: `5.6.0 ${out.reason}${d ? `: ${d.field}: ${d.message}` : ""}`,
      };
    }
  }
}
