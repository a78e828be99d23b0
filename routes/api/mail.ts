/**
 * POST /api/v1/mail/send. The use case (`handleMailSend`, domain/mail/send.ts)
 * runs the spec's checks 1 to 14 in order; this file reads the request and
 * shapes the answer. Errors use the mail envelope:
 * `{ok: false, sent: false, reason, error}`.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { handleMailSend } from "../../domain/mail/send.ts";
import type { AppEnv } from "../types.ts";
import { envelope } from "../errors.ts";
import { keyedCall } from "./auth.ts";

/**
 * Largest request body: 15 MB of attachments is 20 MiB as base64, plus two
 * 500,000-character bodies (up to 1.5 MB each as UTF-8) and the rest.
 */
export const MAIL_BODY_LIMIT = 26 * 1024 * 1024;

export function mailSendRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const keyed = keyedCall(ctx, { badJson: "invalid_json", limit: MAIL_BODY_LIMIT });
  r.post("/mail/send", envelope("mail"), async (c) => {
    const idempotencyKey = c.req.header("idempotency-key");
    const out = await keyed(c, (request) => handleMailSend(ctx, request, { idempotencyKey }));
    if (out.replayed) c.header("Idempotent-Replayed", "true");
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
