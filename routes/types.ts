/** Hono environment shared by all routes. */
import type { KeyAccess } from "../domain/sites/auth.ts";

/**
 * How an endpoint shapes its errors (spec, Errors > Envelope):
 * - plain: `{error}` with no ok (forms/submit, sites/captcha, sites/verify, forms/render)
 * - ok_false: `{ok: false, error}` (blocks/status, blocks/lift)
 * - ok_false_reason: `{ok: false, error, reason}` (mail/domain-status, sequences/enroll)
 * - mail: `{ok: false, sent: false, reason, error}` (mail/send)
 * - admin: `{error, message}` (operator API)
 */
export type Envelope = "plain" | "ok_false" | "ok_false_reason" | "mail" | "admin";

export type AppEnv = {
  Variables: {
    envelope: Envelope;
    /** The site the API key acts for (set by the auth middleware). */
    site: KeyAccess["site"];
    apiKeyId: string;
  };
};
