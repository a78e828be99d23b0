/**
 * Long file: one schema per resource the operator API answers with, kept
 * together so that the document has one source for them.
 *
 * Answers of the operator API as zod schemas, written once from the views the
 * routes return (the `*View` functions of domain/). Two tests hold them to
 * the code: the contract test (the document's examples) and
 * tests/domain/api_docs/operator_answers_test.ts, which makes one of every
 * resource and validates every GET's answer, non-empty lists included. Fields
 * a later release adds do not break a client: objects are open.
 */
import { z } from "zod";
import { FORM_FIELD_TYPES } from "../forms/hosted_schema.ts";
import { SUPPRESSION_REASONS } from "../suppressions/schema.ts";
import { REPORT_TYPES } from "../inbound/reports.ts";
import { EMAIL_LOG_STATUSES } from "../mail/email_log.ts";

const iso = z.string().describe("ISO 8601 UTC");
const nullable = z.string().nullable();

export const AccountAnswer = z.object({
  id: z.string(),
  name: z.string(),
  monthly_email_limit: z.number().int().nullable(),
  monthly_form_limit: z.number().int().nullable(),
  created_at: iso,
  updated_at: iso,
});

export const SiteAnswer = z.object({
  id: z.string(),
  account_id: nullable,
  name: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  domain_match: z.boolean().nullable(),
  site_url: nullable,
  plugin_ver: nullable,
  wp_version: nullable,
  php_version: nullable,
  default_notify_email: nullable,
  default_from_name: nullable,
  captcha: z.object({
    provider: z.string(),
    site_key: nullable,
    has_secret: z.boolean(),
  }),
  disabled: z.object({}).loose().nullable(),
  tracking: z.object({ opens: z.boolean(), clicks: z.boolean() }),
  request_limit: z.object({}).loose().nullable(),
  retention_days: z.number().int().nullable()
    .describe("days personal records are kept; null: SVC_RETENTION_DAYS (unset: kept)"),
  created_at: iso,
  updated_at: iso,
});

const mode = z.enum(["live", "test"]);

export const ApiKeyCreated = z.object({
  id: z.string(),
  api_key: z.string().describe("svc_live_... or svc_test_...; shown only here"),
  mode,
});

export const ApiKeyList = z.object({
  items: z.array(z.object({
    id: z.string(),
    site_id: z.string(),
    prefix: z.string(),
    mode,
    created_at: iso,
    rotated_at: iso.nullable(),
    revoked_at: iso.nullable(),
  })),
});

export const WebhookAnswer = z.object({
  id: z.string(),
  site_id: z.string(),
  url: z.string(),
  has_credentials: z.boolean(),
  events: z.array(z.string()),
  paused: z.boolean(),
  standard_webhooks: z.boolean(),
  previous_secret_valid_until: iso.nullable(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  last_status: z.number().int().nullable(),
  last_attempt_at: iso.nullable(),
  created_at: iso,
  updated_at: iso,
});

export const WebhookCreated = WebhookAnswer.extend({
  secret: z.string().describe("whsec_ + base64 of 32 bytes; shown only here and by rotate-secret"),
});

export const WebhookList = z.object({ items: z.array(WebhookAnswer) });

export const SecretRotated = z.object({
  id: z.string(),
  secret: z.string(),
  previous_secret_valid_until: iso.nullable(),
});

const id = z.string().describe("UUID");
const count = z.number().int().min(0);
const listOf = (item: z.ZodType) => z.object({ items: z.array(item) });

export const HostedFormAnswer = z.object({
  id,
  account_id: id,
  name: z.string(),
  slug: z.string(),
  fields: z.array(z.object({
    name: z.string(),
    label: z.string(),
    type: z.enum(FORM_FIELD_TYPES),
    placeholder: z.string().optional(),
    required: z.boolean(),
    options: z.array(z.string()).optional(),
  })),
  settings: z.object({}).loose().describe("submit_label, success_message, notify_email, ..."),
  archived: z.boolean(),
  archived_at: iso.nullable(),
  created_at: iso,
  updated_at: iso,
});

/** The spec's IP block (its camelCase names), with whether it is in force now. */
export const IpBlockAnswer = z.object({
  id,
  ip: z.string(),
  reason: z.string(),
  blockedAt: iso,
  blockedUntil: iso.nullable(),
  selfLiftable: z.boolean(),
  note: nullable,
  triggeredBySiteId: nullable,
  liftedAt: iso.nullable(),
  liftedBySiteId: nullable,
  active: z.boolean(),
});

export const SuppressionAnswer = z.object({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  detail: nullable,
  created_at: iso,
  report_id: nullable.optional().describe("The delivery report that added it"),
  message_id: nullable.optional().describe("The message that report was about"),
});

export const UnsubscribeAnswer = z.object({
  site_id: id,
  email: z.string(),
  source: z.enum(["one_click", "page", "manual", "complaint"]),
  created_at: iso,
});

export const DeliveryAnswer = z.object({
  id,
  event_id: id,
  event_type: z.string(),
  webhook_id: id,
  site_id: id,
  request_id: z.string().optional().describe("X-Request-Id of the request that caused it"),
  state: z.enum(["pending", "succeeded", "dropped", "cancelled"]),
  attempts: z.array(z.object({
    n: z.number().int().min(1),
    at: iso,
    status: z.number().int().nullable().describe("null: timeout, connection error or refused"),
    duration_ms: z.number().min(0),
    error: nullable,
  })),
  next_attempt_at: iso.nullable(),
  note: nullable,
  recovers: id.optional().describe("A recovery: the dropped delivery of the same event it sends"),
  recovered_by: id.optional().describe("A dropped delivery queued for recovery: the new delivery"),
  created_at: iso,
  updated_at: iso,
});

/** An event as sent to receivers (the outer body), with its site. */
export const EventAnswer = z.object({
  id,
  type: z.string(),
  created_at: iso,
  site_id: id,
  test: z.literal(true).optional(),
  data: z.object({}).loose().describe("The event's data (docs/events.md)"),
});

export const EventWithDeliveries = z.object({
  event: EventAnswer,
  deliveries: z.array(DeliveryAnswer),
});

export const TemplateAnswer = z.object({
  id,
  account_id: id,
  name: z.string(),
  slug: z.string(),
  subject: z.string(),
  html: nullable,
  text: nullable,
  created_at: iso,
  updated_at: iso,
});

export const StarterTemplateAnswer = z.object({
  id: z.string().describe("starter:<slug>"),
  slug: z.string(),
  name: z.string(),
  subject: z.string(),
  variables: z.array(z.string()),
  html: z.string(),
  text: z.string(),
});

export const DeliveryReportAnswer = z.object({
  id,
  type: z.enum(REPORT_TYPES),
  log_id: nullable,
  site_id: nullable,
  message_id: nullable,
  recipient: z.string(),
  action: z.string().describe("RFC 3464 Action, or complaint"),
  status: nullable.describe("Enhanced status code, e.g. 5.1.1"),
  detail: nullable,
  bounce_kind: z.enum(["recipient", "message", "transient", "unknown"]).nullable(),
  suppressed: z.boolean(),
  format: z.string(),
  reporter: nullable,
  event: z.boolean(),
  created_at: iso,
});

const spamResults = z.object({
  content: z.object({ score: z.number(), rules: z.array(z.string()) }).nullable(),
  classifier: z.object({
    engine: z.string(),
    spam: z.boolean(),
    score: z.number(),
    detail: nullable,
  }).nullable(),
  contact_form: z.object({ confidence: z.number(), detail: nullable }).nullable(),
  marks: z.object({
    pass: nullable.describe("Why the account's own ham marks let the mail through"),
    points: z.number().describe("Content points added by the account's spam marks"),
    listed: z.number().nullable().describe("Accounts behind the service-wide list's entry"),
  }).optional().describe("What site owners' marks did to checks 11 and 12, when they did"),
});

export const EmailLogItem = z.object({
  id,
  site_id: id,
  source: z.string(),
  mode: z.enum(["relay", "domain"]),
  status: z.enum(EMAIL_LOG_STATUSES),
  reason: nullable,
  error: nullable,
  message_id: nullable,
  from: z.string(),
  subject: z.string(),
  to_first: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  removed: z.array(z.string()),
  refused: z.array(z.object({ to: z.string(), error: z.string() })).optional()
    .describe("Recipients whose own copy the mail server refused while the others' went out"),
  template: nullable,
  attachments: count,
  dropped_headers: z.array(z.string()),
  spam: spamResults,
  warning: z.boolean(),
  flagged: z.boolean(),
  tracking: z.object({ opens: z.boolean(), clicks: z.boolean() }),
  test: z.literal(true).optional().describe("Sent with a svc_test_ key"),
  account_mail: z.literal(true).optional()
    .describe("Sent as account mail (mail/send account_mail, SMTP X-SVC-Account-Mail)"),
  retry: z.object({ attempts: count, next_at: iso.nullable() }).optional().describe(
    "Set once a form mail failed temporarily and was kept for retries: attempts so far and, " +
      "while status is sending (reason retry_pending), when the next one runs",
  ),
  opens: count,
  clicks: count,
  delivery_reports: z.array(DeliveryReportAnswer),
  mark: z.enum(["spam", "ham"]).nullable().describe("The site owner's mark"),
  created_at: iso,
  updated_at: iso,
});

export const EmailStats = z.object({ logged: count, sent: count, opens: count, clicks: count });

export const OutboxAnswer = z.object({
  transport: z.string().describe("outbox, or the relay's kind when mail goes out"),
  items: z.array(
    z.object({
      message_id: z.string(),
      from: z.string(),
      envelope_from: z.string(),
      envelopes: z.array(z.object({ from: z.string(), to: z.string() })).optional()
        .describe("Each recipient's copy with its own envelope sender (VERP)"),
      to: z.array(z.string()),
      subject: z.string(),
      raw: z.string().describe("The message as sent (RFC 5322)"),
      text: nullable.optional(),
      html: nullable.optional(),
      headers: z.record(z.string(), z.string()),
      created_at: iso,
    }).loose(),
  ),
});

export const SubmissionAnswer = z.object({
  id,
  site_id: id,
  account_id: nullable,
  form_id: z.number().int(),
  form_name: nullable,
  template: nullable,
  fields: z.record(z.string(), z.string()),
  visitor: z.object({ ip: nullable, user_agent: nullable, referrer: nullable }),
  spam_score: z.number().min(0).max(100),
  classification: z.enum(["legitimate", "suspicious", "spam"]),
  spam_reasons: z.array(z.object({ rule: z.string(), points: z.number() })),
  notify_to: z.array(z.string()),
  counted: z.boolean(),
  email_sent: z.boolean().optional(),
  mark: z.enum(["spam", "ham"]).nullable().describe("The site owner's mark"),
  released: z.object({
    at: iso,
    by: z.string().describe('The dashboard user\'s address, or "the operator"'),
    channel: z.enum(["dashboard", "operator_api"]),
  }).nullable().describe(
    'Set when "not spam" released the held notification of a submission judged spam (once)',
  ),
  notification: z.discriminatedUnion("status", [
    z.object({
      status: z.literal("pending"),
      retry_at: iso,
      attempts: count,
      error: nullable,
    }),
    z.object({ status: z.literal("sent"), sent_at: iso, attempts: count }),
    z.object({ status: z.literal("failed"), failed_at: iso, attempts: count, error: nullable }),
  ]).nullable().describe(
    "Null unless the notification's send failed temporarily; then its retries: pending " +
      "(the next attempt's time), sent (when), or failed after the last attempt",
  ),
  created_at: iso,
  endpoint_id: id.optional().describe("The form endpoint a static site's page posted it to"),
  files: z.array(z.object({
    field: z.string(),
    name: z.string().describe("Sanitised file name"),
    size: z.number().int().min(0),
    content_type: z.string().describe("Read from the bytes"),
    url: z.string().describe("Signed download link, valid 7 days from the submission"),
  })).optional().describe("Files posted with it (static-site forms)"),
});

export const FormEndpointAnswer = z.object({
  id,
  site_id: id,
  url: z.string().describe("Where a static site's form posts: <SVC_BASE_URL>/f/<id>"),
  form: nullable.describe("The linked hosted form's slug (null: any fields accepted)"),
  redirect_url: nullable,
  allowed_origins: z.array(z.string()),
  auto_reply: z.object({
    enabled: z.boolean(),
    subject: nullable,
    body: nullable,
    from_name: nullable,
  }).nullable().describe("The auto-reply to the visitor (forms/submit's confirm); null: none"),
  created_at: iso,
});

export const SequenceAnswer = z.object({
  id,
  account_id: id,
  key: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  steps: z.array(z.object({
    index: count,
    delay_seconds: count,
    template: z.string(),
    subject: nullable,
    enabled: z.boolean(),
  })),
  created_at: iso,
  updated_at: iso,
});

export const EnrollmentAnswer = z.object({
  id,
  site_id: id,
  sequence_id: id,
  sequence: z.string().describe("The sequence's key"),
  email: z.string(),
  state: z.enum(["active", "waiting", "completed", "stopped"]),
  stop_reason: z.enum(["suppressed", "unsubscribed", "manual", "sequence_deleted"]).nullable(),
  next_step: count,
  next_due_at: iso.nullable(),
  steps: z.array(z.object({
    index: count,
    state: z.enum(["sending", "sent", "failed", "skipped", "deferred"]),
    at: iso,
    attempt_id: nullable,
    message_id: nullable,
    error: nullable,
  })),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  created_at: iso,
  updated_at: iso,
});

export const SendingDomainAnswer = z.object({
  id,
  site_id: id,
  domain: z.string(),
  status: z.enum(["pending", "verified"]),
  from_address: nullable,
  dkim_selector: z.string(),
  dns_records: z.array(z.object({
    type: z.literal("TXT"),
    name: z.string(),
    value: z.string(),
    purpose: z.enum(["dkim", "spf", "dmarc"]),
    required: z.boolean(),
  })),
  verified_at: iso.nullable(),
  last_checked_at: iso.nullable(),
  last_check_error: nullable,
  created_at: iso,
  updated_at: iso,
});

export const InboundDomainAnswer = z.object({
  id,
  domain: z.string(),
  url: z.string(),
  site_id: nullable,
  created_at: iso,
  updated_at: iso,
});

export const UserAnswer = z.object({ id, email: z.string(), account_id: id, created_at: iso });

export const InvitationAnswer = z.object({
  id,
  account_id: id,
  email: z.string(),
  created_at: iso,
  expires_at: iso,
});

/** The service-wide spam lists (routes/admin/spam_lists.ts). */
const listEntry = {
  accounts: count.describe("Reporting accounts counted when it was listed or last confirmed"),
  first_listed_at: iso,
  last_confirmed_at: iso,
};
export const FormListEntryAnswer = z.object({
  id,
  ...listEntry,
  reporting_accounts: z.array(id),
  expires_at: z.null().describe("Form reports do not expire"),
  submission_id: id.describe("The submission whose mark listed or last confirmed it"),
  excerpt: z.string().nullable().describe("Start of its text (null once that submission is gone)"),
});
export const FormListAnswer = z.object({
  items: z.array(FormListEntryAnswer),
  next_before: z.string().nullable().describe("Pass as ?before= for the next page"),
});
export const MailListEntryAnswer = z.object({
  id: z.string().describe("16 hex digits, a hash of the signature"),
  ...listEntry,
  first_listed_at: iso.nullable().describe("null: listed by a release that did not keep it"),
  reporting_accounts: z.array(id).nullable().describe(
    "null: listed by a release that did not keep it",
  ),
  expires_at: iso,
  signature: z.string().describe("MinHash signature of subject and text (base64)"),
  excerpt: z.null().describe("The email log keeps no bodies"),
});
export const AccountMailMarksAnswer = z.object({
  account_id: id,
  texts: z.object({ spam: count, ham: count }),
  senders: z.array(z.object({ sender: z.string(), spam: count, ham: count })),
});

export const Lists = {
  forms: listOf(HostedFormAnswer),
  formEndpoints: listOf(FormEndpointAnswer),
  ipBlocks: listOf(IpBlockAnswer),
  suppressions: listOf(SuppressionAnswer),
  unsubscribes: listOf(UnsubscribeAnswer),
  deliveries: listOf(DeliveryAnswer),
  events: listOf(EventAnswer),
  templates: listOf(TemplateAnswer),
  starterTemplates: listOf(StarterTemplateAnswer),
  emailLog: listOf(EmailLogItem),
  submissions: listOf(SubmissionAnswer),
  sequences: listOf(SequenceAnswer),
  enrollments: listOf(EnrollmentAnswer),
  sendingDomains: listOf(SendingDomainAnswer),
  inboundDomains: listOf(InboundDomainAnswer),
  deliveryReports: listOf(DeliveryReportAnswer),
  users: listOf(UserAnswer),
  invitations: listOf(InvitationAnswer),
  mailSpamList: listOf(MailListEntryAnswer),
};

const records = z.array(z.object({ id: z.string().optional() }).loose());

/** GET /accounts/{id}/personal-data: what the account holds that names the address. */
export const PersonalDataAnswer = z.object({
  email: z.string(),
  submissions: records,
  emails: records,
  delivery_reports: records,
  suppressions: z.array(z.object({ email: z.string(), reason: z.string() }).loose()),
  unsubscribes: z.array(z.object({ site_id: z.string(), email: z.string() }).loose()),
  enrollments: records,
  events: records,
  inbound: records,
});

/** POST /accounts/{id}/personal-data/erase: how many records of each kind were erased. */
export const PersonalDataErased = z.object({
  erased: z.record(z.string(), z.number().int()),
});
