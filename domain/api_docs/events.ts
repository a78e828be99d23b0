/**
 * The webhook events (spec: Events) as OpenAPI 3.1 `webhooks`: one entry per
 * event type of domain/webhooks/events.ts, with the outer body, the data
 * fields and the signature headers. A type added to EVENT_TYPES without data
 * here fails tests/domain/api_docs/openapi_test.ts.
 */
import { z } from "zod";
import { EVENT_TYPES, type EventType } from "../webhooks/events.ts";
import { jsonSchema } from "./openapi.ts";

const s = z.string();
const opt = (d: string) => z.string().optional().describe(d);
const mode = z.enum(["relay", "domain"]);

const mail = { message_id: s, to: s, subject: opt("The email's subject") };
const form = {
  submission_id: s,
  form_id: z.number().int(),
  form_name: opt("As sent"),
  spam_score: z.number().int().min(0).max(100),
  fields: z.record(z.string(), z.string()).describe("Exactly as sent"),
  referrer: opt("When the visitor's referrer was passed"),
};
const domain = { domain: s, from_address: opt("The domain's From address"), status: s };

/** The data object of each event (fields with no value are left out; new ones may appear). */
export const EVENT_DATA: Record<EventType, z.ZodObject> = {
  "email.sent": z.object({ ...mail, mode, source: opt("sequence when a sequence sent it") }),
  "email.delivered": z.object(mail),
  "email.delayed": z.object({ ...mail, reason: s.describe("The server's reply, up to 300") }),
  "email.bounced": z.object({
    message_id: opt("When the bounce matched an email"),
    to: s,
    subject: opt("The email's subject"),
    detail: opt("Up to 500 characters"),
    bounce_kind: z.enum(["recipient", "message", "transient", "unknown"]).optional(),
    suppressed: z.boolean().optional(),
  }),
  "email.complained": z.object({
    message_id: opt("When matched"),
    to: s,
    subject: opt("The email's subject"),
    detail: opt("The report's text"),
    suppressed: z.boolean().optional(),
  }),
  "email.opened": z.object(mail),
  "email.clicked": z.object(mail),
  "email.unsubscribed": z.object({ to: s, source: z.enum(["one_click", "page"]) }),
  "email.suppressed": z.object({
    to: s,
    subject: opt("The email's subject"),
    reason: z.enum(["bounced_or_complained", "unsubscribed"]),
  }),
  "email.rejected": z.object({
    to: s,
    subject: opt("The email's subject"),
    reason: z.enum(["content_flagged", "ai_flagged", "over_quota"]),
  }),
  "email.held": z.object({
    to: s,
    subject: opt("The email's subject"),
    reason: z.literal("held_as_spam"),
    confidence: z.number().min(0.9).max(1),
    detail: opt("Up to 200 characters"),
  }),
  "email.failed": z.object({
    to: s,
    subject: opt("The email's subject"),
    error: s.describe("Up to 300 characters"),
    source: opt("sequence"),
  }),
  "form.submitted": z.object({
    ...form,
    classification: z.enum(["legitimate", "suspicious"]),
  }),
  "form.spam": z.object({ ...form, classification: z.literal("spam") }),
  "domain.verified": z.object(domain),
  "domain.unverified": z.object(domain),
  "webhook.test": z.object({ message: s, to: s }),
};

const WHEN: Record<EventType, string> = {
  "email.sent": "Accepted and handed to the mail server (API, SMTP or a sequence).",
  "email.delivered": "The receiving server accepted it; once.",
  "email.delayed": "A temporary error; retries continue; may repeat.",
  "email.bounced": "A permanent failure, or retries ran out.",
  "email.complained": "A mailbox provider reported it as spam.",
  "email.opened": "The open-tracking image loaded; every time.",
  "email.clicked": "A tracked link was clicked; every click.",
  "email.unsubscribed": "A recipient unsubscribed from the site (first time).",
  "email.suppressed": "Not sent: every recipient is suppressed or unsubscribed.",
  "email.rejected": "Refused; the API answered with the same reason.",
  "email.held": "A contact-form notification held as spam.",
  "email.failed": "A send attempt failed (the API answered send_failed).",
  "form.submitted": "A submission was stored (score under 60).",
  "form.spam": "A submission was stored with a score of 60 or more.",
  "domain.verified": "A sending domain passed its DNS check.",
  "domain.unverified": "A verified domain failed a later check.",
  "webhook.test": "The operator sent a test (one attempt, no X-SVC-Delivery).",
};

/** The spec's headers, then the opt-in Standard Webhooks ones. */
const HEADERS = [
  [
    "X-SVC-Signature",
    "`sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret",
    true,
  ],
  ["X-SVC-Event", "The event type", true],
  ["X-SVC-Delivery", "The delivery id, the same on every retry (not with webhook.test)", false],
  ["webhook-id", "Standard Webhooks (opt-in): the delivery id", false],
  ["webhook-timestamp", "Standard Webhooks (opt-in): Unix seconds of this attempt", false],
  [
    "webhook-signature",
    "Standard Webhooks (opt-in): `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with " +
    "the base64-decoded part of the secret after `whsec_`; space-separated list during a " +
    "secret rotation's grace period",
    false,
  ],
] as const;

/** The outer body of an event with this data. */
export function eventBody(type: EventType): z.ZodObject {
  return z.object({
    id: z.string().describe("Unique per event, the same on every retry"),
    type: z.literal(type),
    created_at: z.string().describe("ISO 8601 UTC"),
    site_id: z.string(),
    test: z.literal(true).optional().describe("Present when a svc_test_ key caused it"),
    data: EVENT_DATA[type],
  });
}

export function webhookDefinitions(): Record<string, unknown> {
  return Object.fromEntries(EVENT_TYPES.map((type) => [type, {
    post: {
      summary: type,
      description: WHEN[type],
      tags: ["Events"],
      parameters: HEADERS.map(([name, description, required]) => ({
        name,
        in: "header",
        required,
        description,
        schema: { type: "string" },
      })),
      requestBody: {
        required: true,
        content: { "application/json": { schema: jsonSchema(eventBody(type)) } },
      },
      responses: { "200": { description: "Any 2xx is receipt; anything else is retried." } },
    },
  }]));
}
