/**
 * The answers of the public v1 API as zod schemas, written once from the
 * spec's "Response 200" lines (the routes build these bodies by hand; the
 * contract test, tests/domain/api_docs/contract_test.ts, holds the two
 * together).
 */
import { z } from "zod";
import { FORM_FIELD_TYPES } from "../forms/hosted_schema.ts";
import { BLOCK_REASONS } from "../forms/submit.ts";

export const nullableStr = z.string().nullable();
export const iso = z.string().describe("ISO 8601 UTC");

export const Captcha = z.object({
  provider: z.enum(["shared", "turnstile", "hcaptcha", "recaptcha", "recaptcha_v3", "none"]),
  site_key: nullableStr,
  widget_js: nullableStr,
  widget_class: nullableStr,
  response_field: nullableStr,
});

export const CaptchaAnswer = Captcha.extend({ ok: z.literal(true) });

export const VerifyAnswer = z.object({
  ok: z.literal(true),
  site: z.object({
    id: z.string(),
    name: z.string(),
    domain: z.string(),
    verified: z.boolean(),
    domain_match: z.boolean(),
  }),
  turnstile_site_key: nullableStr,
  captcha: Captcha,
});

export const FormField = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  placeholder: z.string().optional(),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional(),
});

export const RenderAnswer = z.object({
  ok: z.literal(true),
  form: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    fields: z.array(FormField),
    settings: z.record(z.string(), z.unknown()),
    updated_at: iso,
  }),
});

export const FormListAnswer = z.object({
  ok: z.literal(true),
  forms: z.array(z.object({
    slug: z.string(),
    name: z.string(),
    fields: z.array(FormField),
    updated_at: iso,
  })).describe("The account's forms that render (not archived), oldest first."),
});

export const IpBlock = z.object({
  id: z.string(),
  ip: z.string(),
  reason: z.string(),
  blockedAt: iso,
  blockedUntil: iso.nullable(),
  selfLiftable: z.boolean(),
  note: nullableStr,
  triggeredBySiteId: nullableStr,
});

export const SiteBlock = z.object({
  siteId: z.string(),
  siteName: z.string(),
  status: z.string(),
  reason: z.string(),
  selfLiftable: z.boolean(),
  disabledAt: iso.nullable(),
});

export const BlockStatusAnswer = z.object({
  ok: z.literal(true),
  status: z.object({
    any_active_block: z.boolean(),
    site_blocks: z.array(SiteBlock),
    ip_blocks: z.array(IpBlock).max(100),
    headline: nullableStr,
  }),
});

export const LiftBody = z.object({
  kind: z.enum(["ip", "site"]),
  block_id: z.string().min(1).max(80).optional()
    .describe("Required when kind is ip: the id from GET /blocks/status."),
});

export const LiftAnswer = z.object({ ok: z.literal(true), lifted: z.enum(["ip", "site"]) });

export const SendingDomain = z.object({
  domain: z.string(),
  status: z.string(),
  from_address: nullableStr,
  verified_at: iso.nullable(),
  last_checked_at: iso.nullable(),
  created_at: iso,
});

export const DomainStatusAnswer = z.object({
  ok: z.literal(true),
  site: z.object({ name: z.string(), domain: z.string() }),
  has_verified_domain: z.boolean(),
  effective_mode: z.enum(["domain", "relay"]),
  verified: z.object({ domain: z.string(), from_address: z.string(), verified_at: iso.nullable() })
    .nullable(),
  domains: z.array(SendingDomain),
  dashboard_url: z.string(),
});

export const MailSent = z.object({
  ok: z.literal(true),
  sent: z.literal(true),
  mode: z.enum(["relay", "domain"]),
  message_id: z.string().describe("The Message-ID header, as in email.sent's data."),
}).describe("Sent (accepted by the mail server).");

export const MailHeld = z.object({
  ok: z.literal(true),
  sent: z.literal(true),
  held: z.literal(true),
  reason: z.literal("held_as_spam"),
  mode: z.enum(["relay", "domain"]).optional(),
}).describe("A contact-form notification held as spam (confidence 0.9 or more): not sent.");

export const MAIL_ORDER = [
  "1. 401 missing_api_key",
  "2. 401 invalid_api_key",
  "3. 403 site_disabled",
  "4. 400 invalid_json",
  "5. 400 invalid_payload (details says which fields; a `from` string is refused)",
  "6. 400 template_not_found",
  "7. 400 no_body",
  "8. 400 invalid_attachment (filename names it)",
  "9. 400 attachments_too_large (15 MB decoded)",
  "10. 200 rate_limited (120 emails in the log in 60 s)",
  "11. 400 content_flagged",
  "12. 400 ai_flagged",
  "13. 200 over_quota (monthly limit, relay mode only)",
  "14. 200 send_failed (`error`: all_recipients_suppressed, all_recipients_unsubscribed or the " +
  "mail server's answer)",
];

export const SubmitAnswer = z.object({
  ok: z.literal(true),
  id: z.string().optional().describe("The stored submission; missing when blocked."),
  email_sent: z.boolean().optional().describe("Missing when judged spam."),
  blocked: z.boolean().optional().describe("true when rejected and not stored."),
  reason: z.enum(BLOCK_REASONS).optional().describe(
    "Beyond the spec, only beside blocked: why it was blocked (captcha_rejected: the " +
      "captcha provider rejected the token; ip_blocked: the visitor's address is blocked; " +
      "rate_limit: more than 3 submissions from the address in 60 s, now blocked for an hour).",
  ),
});

export const EnrollAnswer = z.object({
  ok: z.boolean().describe("true only when result is enrolled."),
  result: z.enum(["enrolled", "exists", "no_steps"]),
});

const items = z.array(z.object({}).loose());

/** POST /privacy/export: what the key's site holds that names the address. */
export const PrivacyExportAnswer = z.object({
  ok: z.literal(true),
  email: z.string(),
  submissions: items,
  emails: items,
  delivery_reports: items,
  suppressions: items,
  unsubscribes: items,
  enrollments: items,
  events: items,
  inbound: items,
});

/** POST /privacy/erase: how many records of each kind were erased. */
export const PrivacyEraseAnswer = z.object({
  ok: z.literal(true),
  erased: z.record(z.string(), z.number().int()),
});
