/**
 * What a send answers (`sendMail`, `handleMailSend`): sent, held, or refused
 * with the spec's code and the HTTP status the public API answers with.
 */
import type { FieldIssue } from "../kernel/errors.ts";

export type SendErrorCode =
  | "invalid_payload"
  | "template_not_found"
  | "no_body"
  | "invalid_attachment"
  | "attachments_too_large"
  | "rate_limited"
  | "content_flagged"
  | "ai_flagged"
  | "over_quota"
  | "send_failed"
  /** Idempotency-Key sent again with another body (domain/mail/idempotency.ts). */
  | "idempotency_key_reused";

export type SendOutcome =
  | {
    ok: true;
    sent: true;
    held: false;
    mode: "relay" | "domain";
    message_id: string;
    log_id: string;
    /** `to` addresses that received it (suppressed/unsubscribed ones removed). */
    to: string[];
    /** `to` addresses removed as suppressed or unsubscribed. */
    removed: string[];
  }
  | {
    ok: true;
    sent: true;
    held: true;
    reason: "held_as_spam";
    mode: "relay" | "domain";
    log_id: string;
  }
  | {
    ok: false;
    sent: false;
    /** HTTP status the public API answers with. */
    status: 200 | 400 | 409;
    reason: SendErrorCode;
    /** The code, or the failure text for send_failed. */
    error: string;
    details?: FieldIssue[];
    filename?: string;
    /** The log record, when the attempt was logged (checks 11 to 14). */
    log_id: string | null;
    /** A failure kept for retries (mail/retry.ts): when the next attempt runs. */
    retry_at?: string;
    /** The failure was temporary and the caller retries it (SendOptions.callerRetries). */
    temporary?: true;
  };

/** A refusal: `error` is the code unless given (send_failed's text). */
export const fail = (
  status: 200 | 400 | 409,
  reason: SendErrorCode,
  extra: {
    error?: string;
    details?: FieldIssue[];
    filename?: string;
    log_id?: string;
    retry_at?: string;
    temporary?: true;
  } = {},
): SendOutcome => ({
  ok: false,
  sent: false,
  status,
  reason,
  error: extra.error ?? reason,
  ...(extra.details && { details: extra.details }),
  ...(extra.filename !== undefined && { filename: extra.filename }),
  log_id: extra.log_id ?? null,
  ...(extra.retry_at !== undefined && { retry_at: extra.retry_at }),
  ...(extra.temporary && { temporary: true as const }),
});
