/**
 * The public v1 API as a route table (spec: Endpoints, Errors): request bodies
 * are the capabilities' own zod schemas; answers are zod schemas written here
 * once, from the spec's "Response 200" lines. `publicDocument()` (public_document.ts) turns the
 * table into OpenAPI 3.1 (domain/api_docs/openapi.ts).
 *
 * Long file: one table, one entry per endpoint in the spec's order with its
 * examples; split across files it could no longer be read against the spec.
 */
import { MailSendBody } from "../mail/schema.ts";
import { SubmitBody } from "../forms/schema.ts";
import { CaptchaSave } from "../forms/captcha_settings.ts";
import { SiteVerify } from "../sites/verify.ts";
import { EnrollBody } from "../sequences/sequences.ts";
import { PersonalDataRequest } from "../privacy/personal_data.ts";
import { type ErrorCase, jsonSchema, type Operation } from "./openapi.ts";
import {
  BlockStatusAnswer,
  CaptchaAnswer,
  DomainStatusAnswer,
  EnrollAnswer,
  FormListAnswer,
  LiftAnswer,
  LiftBody,
  MAIL_ORDER,
  MailHeld,
  MailSent,
  PrivacyEraseAnswer,
  PrivacyExportAnswer,
  RenderAnswer,
  SubmitAnswer,
  VerifyAnswer,
} from "./public_answers.ts";

/** Errors every keyed endpoint can answer (spec: Common to every keyed endpoint). */
function keyed(
  opts: { post?: string; allowDisabled?: boolean } = {},
): ErrorCase[] {
  return [
    { status: 401, codes: ["missing_api_key", "invalid_api_key"] },
    ...(opts.allowDisabled ? [] : [{ status: 403, codes: ["site_disabled"] }]),
    { status: 429, codes: ["rate_limited"] },
    ...(opts.post
      ? [
        { status: 400, codes: [opts.post, "invalid_payload"] },
        { status: 408, codes: ["request_timeout"] },
        // Past the body limit (blocks/lift keeps its one bad-body code).
        { status: 413, codes: [opts.post === "bad_body" ? "bad_body" : "invalid_payload"] },
      ]
      : []),
  ];
}

const MAIL_EXAMPLE = {
  to: "ann@example.com",
  subject: "Your order",
  html: "<p>Hello Ann, your order has shipped.</p>",
  from: { name: "Shop" },
};

export const PUBLIC_OPS: Operation[] = [
  {
    method: "post",
    path: "/mail/send",
    tag: "Mail",
    summary: "Send one email",
    description: "Always read `ok` in the body: rate_limited, over_quota and send_failed come " +
      "back with HTTP 200 and ok false. Checks run in this order; the first failure answers:\n\n" +
      MAIL_ORDER.map((l) => `- ${l}`).join("\n") +
      "\n\nWith an `Idempotency-Key` header (up to 255 characters), a retry with the same key " +
      "and body within 24 hours answers the first answer again and sends nothing; the same key " +
      "with another body answers 409 idempotency_key_reused. Without the header a retry after " +
      "a timeout may send twice (spec rule 6).\n\n`account_mail: true` (beyond the spec) marks " +
      "transactional mail about the recipient's own account (a password reset): no " +
      "List-Unsubscribe, and the site's unsubscribes do not remove its recipients; " +
      "suppressions (bounces, complaints) still apply. A header `X-SVC-Account-Mail: 1` (or " +
      "`true`) in `headers` marks the same; that header is never passed on.",
    envelope: "mail",
    body: MailSendBody,
    headers: {
      "Idempotency-Key": {
        schema: { type: "string", minLength: 1, maxLength: 255 },
        description: "Send at most once per key and site within 24 hours (printable ASCII).",
      },
    },
    answer: MailSent,
    answerHeaders: { "Idempotent-Replayed": "true when this is the first answer again" },
    alsoAtSuccess: [
      jsonSchema(MailHeld),
      {
        type: "object",
        description: "Not sent, at HTTP 200 (checks 10, 13, 14).",
        required: ["ok", "sent", "reason", "error"],
        properties: {
          ok: { const: false },
          sent: { const: false },
          reason: { enum: ["rate_limited", "over_quota", "send_failed"] },
          error: { type: "string" },
        },
      },
    ],
    errors: [
      ...keyed({ post: "invalid_json" }),
      {
        status: 400,
        codes: [
          "template_not_found",
          "no_body",
          "invalid_attachment",
          "attachments_too_large",
          "content_flagged",
          "ai_flagged",
        ],
      },
      { status: 409, codes: ["idempotency_key_reused"] },
    ],
    examples: [
      {
        name: "sent",
        summary: "An HTML email through the relay",
        body: MAIL_EXAMPLE,
        status: 200,
        answer: {
          ok: true,
          sent: true,
          mode: "relay",
          message_id: "<0190b2c4-7e1a-7000-8000-000000000000@relay.example.net>",
        },
      },
      {
        name: "idempotent",
        summary: "With an Idempotency-Key (a retry answers the same and sends nothing)",
        body: { ...MAIL_EXAMPLE, subject: "Your invoice" },
        headers: { "Idempotency-Key": "invoice-2024-0042" },
        status: 200,
      },
      {
        name: "no_body",
        summary: "Neither html nor text",
        body: { to: "ann@example.com", subject: "Empty" },
        status: 400,
        answer: { ok: false, sent: false, reason: "no_body", error: "no_body" },
      },
      {
        name: "from_string",
        summary: "from sent as a string",
        body: { to: "ann@example.com", text: "Hi", from: "shop@example.com" },
        status: 400,
        answer: {
          ok: false,
          sent: false,
          reason: "invalid_payload",
          error: "invalid_payload",
          details: [{ field: "from", message: "must be an object {name, address}, not a string" }],
        },
      },
    ],
  },
  {
    method: "get",
    path: "/mail/domain-status",
    tag: "Mail",
    summary: "Sending-domain status and the mode sends use now",
    envelope: "ok_false_reason",
    answer: DomainStatusAnswer,
    errors: keyed(),
    examples: [{
      name: "relay",
      summary: "A site with no verified domain",
      status: 200,
      answer: {
        ok: true,
        site: { name: "Shop", domain: "shop.example.com" },
        has_verified_domain: false,
        effective_mode: "relay",
        verified: null,
        domains: [],
        dashboard_url: "https://svc.example.net/dashboard/sites/{site}/sending-domains",
      },
    }],
  },
  {
    method: "post",
    path: "/forms/submit",
    tag: "Forms",
    summary: "Store a form submission, judge it and email the notification",
    description: "Silent success: abuse is answered HTTP 200 with ok true so a bot learns " +
      "nothing. The 200 outcomes:\n\n" +
      "- `{ok, id, email_sent: true}`: stored, notification sent\n" +
      "- `{ok, blocked: true, reason}`: not stored (captcha rejected the token, the IP is " +
      "blocked, or it sent more than 3 submissions in 60 s: blocked for an hour); `reason` " +
      "(beyond the spec) says which: `captcha_rejected`, `ip_blocked` or `rate_limit`\n" +
      "- `{ok, id}`: stored but judged spam; no email\n" +
      "- `{ok, id, email_sent: false}`: stored, no email (monthly limit reached or the email " +
      "failed)\n\nErrors carry `error` and no `ok`.",
    envelope: "plain",
    body: SubmitBody,
    answer: SubmitAnswer,
    errors: [...keyed({ post: "invalid_json" }), {
      status: 400,
      codes: ["no_notify_email_configured"],
    }],
    examples: [
      {
        name: "stored",
        summary: "A contact form",
        body: {
          form_id: 1,
          form_name: "Contact",
          fields: {
            name: "Ann Example",
            email: "ann@example.com",
            message: "Could you send me the price list for next season? Thanks, Ann",
          },
          notify_emails: ["owner@example.com"],
          visitor: { ip: "192.0.2.10", user_agent: "Mozilla/5.0 (X11; Linux x86_64)" },
        },
        status: 200,
        answer: { ok: true, id: "0190b2c4-7e1a-7000-8000-000000000001", email_sent: true },
      },
      {
        name: "no_form_id",
        summary: "form_id missing",
        body: { fields: { email: "ann@example.com" } },
        status: 400,
        answer: {
          error: "invalid_payload",
          details: [{ field: "form_id", message: "must be a positive whole number" }],
        },
      },
    ],
  },
  {
    method: "get",
    path: "/forms/render/{slug}",
    tag: "Forms",
    summary: "A hosted form's definition",
    description: "The slug is checked before the key. Cacheable for a minute.",
    envelope: "plain",
    answer: RenderAnswer,
    answerHeaders: {
      "Cache-Control": "public, max-age=60, stale-while-revalidate=300",
      "X-SVC-Form-Updated": "The form's updated_at",
    },
    errors: [
      { status: 400, codes: ["invalid_slug"] },
      ...keyed(),
      { status: 403, codes: ["site_has_no_owner"] },
      { status: 404, codes: ["form_not_found"] },
      { status: 410, codes: ["form_archived"] },
    ],
    examples: [
      { name: "found", summary: "A hosted contact form", params: { slug: "contact" }, status: 200 },
      {
        name: "missing",
        summary: "No such form",
        params: { slug: "no-such-form" },
        status: 404,
        answer: { error: "form_not_found" },
      },
    ],
  },
  {
    method: "get",
    path: "/forms",
    tag: "Forms",
    summary: "The hosted forms this site can render (beyond the spec)",
    description: "An extension beyond the spec: the hosted forms of the key's account that " +
      "render (archived ones are left out), oldest first, each with its slug, name and fields, " +
      "for a client that lets its user pick one (the WordPress block). A site without an " +
      "account has none. Not cacheable by shared caches.",
    envelope: "plain",
    answer: FormListAnswer,
    errors: keyed(),
    examples: [{ name: "list", summary: "The site's forms", status: 200 }],
  },
  {
    method: "get",
    path: "/sites/captcha",
    tag: "Sites",
    summary: "The site's captcha settings",
    envelope: "plain",
    answer: CaptchaAnswer,
    errors: keyed(),
    examples: [{
      name: "shared",
      summary: "The default shared provider",
      status: 200,
      answer: {
        ok: true,
        provider: "shared",
        site_key: "0x4AAAAAAA-shared",
        widget_js: "https://challenges.cloudflare.com/turnstile/v0/api.js",
        widget_class: "cf-turnstile",
        response_field: "cf-turnstile-response",
      },
    }],
  },
  {
    method: "post",
    path: "/sites/captcha",
    tag: "Sites",
    summary: "Change the captcha provider and keys",
    envelope: "plain",
    body: CaptchaSave,
    answer: CaptchaAnswer,
    errors: [
      ...keyed({ post: "invalid_json" }),
      { status: 400, codes: ["site_key_required", "secret_key_required_on_first_save"] },
      { status: 500, codes: ["encryption_failed"] },
    ],
    examples: [
      {
        name: "hcaptcha",
        summary: "Switch to hCaptcha",
        body: {
          provider: "hcaptcha",
          site_key: "10000000-ffff-ffff-ffff-000000000001",
          secret_key: "0x0000000000000000000000000000000000000000",
        },
        status: 200,
      },
      {
        name: "no_site_key",
        summary: "A provider without its site key",
        body: { provider: "turnstile" },
        status: 400,
        answer: { error: "site_key_required" },
      },
    ],
  },
  {
    method: "post",
    path: "/sites/verify",
    tag: "Sites",
    summary: "Verify the site by its URL and save versions",
    envelope: "plain",
    body: SiteVerify,
    answer: VerifyAnswer,
    errors: keyed({ post: "invalid_json" }),
    examples: [{
      name: "match",
      summary: "The site's own URL",
      body: { site_url: "https://shop.example.com/", plugin_ver: "1.4.0", wp_version: "6.8" },
      status: 200,
    }],
  },
  {
    method: "post",
    path: "/privacy/export",
    tag: "Privacy",
    summary: "Everything the key's site holds that names one address (a personal-data export)",
    envelope: "plain",
    body: PersonalDataRequest,
    answer: PrivacyExportAnswer,
    errors: keyed({ post: "invalid_json" }),
    examples: [{
      name: "export",
      summary: "What the site holds about one address",
      body: { email: "ann@example.org" },
      status: 200,
    }],
  },
  {
    method: "post",
    path: "/privacy/erase",
    tag: "Privacy",
    summary: "Erase one address from the key's site (suppressions stay, as a keyed hash)",
    envelope: "plain",
    body: PersonalDataRequest,
    answer: PrivacyEraseAnswer,
    errors: keyed({ post: "invalid_json" }),
    examples: [{
      name: "erase",
      summary: "Erase one address from the site",
      body: { email: "ann@example.org" },
      status: 200,
    }],
  },
  {
    method: "get",
    path: "/blocks/status",
    tag: "Blocks",
    summary: "IP blocks and the site's disablement (works for a disabled site)",
    envelope: "ok_false",
    answer: BlockStatusAnswer,
    errors: keyed({ allowDisabled: true }),
    examples: [{
      name: "clear",
      summary: "Nothing blocked",
      status: 200,
      answer: {
        ok: true,
        status: { any_active_block: false, site_blocks: [], ip_blocks: [], headline: null },
      },
    }],
  },
  {
    method: "post",
    path: "/blocks/lift",
    tag: "Blocks",
    summary: "Lift an IP block or the site's automatic disablement",
    description: "Every body problem (bad JSON included) is bad_body.",
    envelope: "ok_false",
    body: LiftBody,
    answer: LiftAnswer,
    errors: [
      ...keyed({ allowDisabled: true, post: "bad_body" }),
      { status: 400, codes: ["already_lifted", "already_active"] },
      { status: 403, codes: ["not_self_liftable", "not_owner", "requires_admin_review"] },
      { status: 404, codes: ["not_found"] },
    ],
    examples: [{
      name: "site_active",
      summary: "Lifting a site that is not disabled",
      body: { kind: "site" },
      status: 400,
      answer: { ok: false, error: "already_active" },
    }],
  },
  {
    method: "post",
    path: "/sequences/enroll",
    tag: "Sequences",
    summary: "Enroll an address in a follow-up sequence",
    description: "ok is true only when result is enrolled; exists and no_steps answer HTTP 200 " +
      "with ok false. Bad JSON is invalid_payload here.",
    envelope: "ok_false_reason",
    body: EnrollBody,
    answer: EnrollAnswer,
    errors: [...keyed({ post: "invalid_payload" }), {
      status: 404,
      codes: ["sequence_not_found"],
    }],
    examples: [{
      name: "unknown",
      summary: "A sequence the account does not have",
      body: { sequence: "no-such-sequence", email: "ann@example.com" },
      status: 404,
      answer: { ok: false, error: "sequence_not_found", reason: "sequence_not_found" },
    }],
  },
];
