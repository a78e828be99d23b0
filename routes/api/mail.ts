/**
 * POST /api/v1/mail/send. Checks 1 to 3 (key, site) are the auth middleware's,
 * 4 (JSON) is the body reader's, 5 to 14 are `sendMail`'s. Errors use the mail
 * envelope: `{ok: false, sent: false, reason, error}`.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { sendMail, sendStateAhead } from "../../domain/mail/send.ts";
import type { SendStateQuery } from "../../domain/mail/send_state_store.ts";
import type { MailSendInput } from "../../domain/mail/schema.ts";
import type { AppEnv } from "../types.ts";
import { envelope } from "../errors.ts";
import { type ReadAhead, requireSite } from "./auth.ts";
import { readJson } from "../body.ts";

/**
 * Largest request body: 15 MB of attachments is 20 MiB as base64, plus two
 * 500,000-character bodies (up to 1.5 MB each as UTF-8) and the rest.
 */
export const MAIL_BODY_LIMIT = 26 * 1024 * 1024;

const BODY = { badJson: "invalid_json", limit: MAIL_BODY_LIMIT };

export function mailSendRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  // A known key's body is read first, so that the send state (window, routing,
  // account, recipients' suppressions) is read with the key check.
  const readAhead: ReadAhead = {
    body: (c) => readJson(c, BODY),
    keys(json, hint) {
      const a = sendStateAhead(json, hint.id, hint.account_id, ctx.clock.now());
      return a && { keys: a.keys, plan: a.query };
    },
  };
  r.post("/mail/send", envelope("mail"), requireSite(ctx, { readAhead }), async (c) => {
    const read = c.get("body");
    if (read && "error" in read) throw read.error;
    const json = read ? read.json : await readJson(c, BODY);
    const ahead = c.get("readAhead");
    const out = await sendMail(ctx, c.get("site"), json as MailSendInput, {
      ...(ahead && {
        ahead: { query: ahead.plan as SendStateQuery, entries: ahead.entries },
      }),
    });
    if (!out.ok) {
      throw new ApiError(out.reason, out.status, {
        error: out.error,
        ...(out.details && { details: out.details }),
        ...(out.filename !== undefined && { filename: out.filename }),
      });
    }
    if (out.held) {
      return c.json({ ok: true, sent: true, held: true, reason: out.reason, mode: out.mode });
    }
    return c.json({ ok: true, sent: true, mode: out.mode, message_id: out.message_id });
  });
  return r;
}
