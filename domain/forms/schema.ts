/**
 * The body of POST /forms/submit (spec: POST /forms/submit, Limits). Unknown
 * fields are ignored; an optional field sent as null counts as not sent (PHP
 * clients send null for "nothing"). `fields` is checked without being rebuilt,
 * so the object handed on is exactly the one received (zod would drop a key
 * named `__proto__`).
 */
import { z } from "zod";
import { charLength, httpUrl, str } from "../kernel/validation.ts";
import { CAPTCHA_PROVIDERS } from "../sites/schema.ts";

export const FIELD_VALUE_MAX = 10_000;
export const NOTIFY_EMAILS_MAX = 10;
/**
 * Most fields in one submission: no real form has more, and every field is
 * stored, mailed and shown (100,000 one-letter fields fit in 2 MB).
 */
export const FIELDS_MAX = 500;
/** Largest request body of forms/submit (bytes); over it: invalid_payload. */
export const FORMS_BODY_LIMIT = 2 * 1024 * 1024;

/** An object of at most 500 entries whose every value is a string of at most 10,000 characters. */
const fieldsObject = z.unknown().check((ctx) => {
  const v = ctx.value;
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    ctx.issues.push({
      code: "custom",
      input: v,
      message: "must be an object of field name to string value",
    });
    return;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > FIELDS_MAX) {
    ctx.issues.push({
      code: "custom",
      input: v,
      message: `must have at most ${FIELDS_MAX} fields (got ${entries.length})`,
    });
    return;
  }
  for (const [k, val] of entries) {
    if (typeof val !== "string") {
      ctx.issues.push({
        code: "custom",
        input: val,
        path: [k],
        message: "must be a string",
      });
    } else if (val.length > FIELD_VALUE_MAX && charLength(val) > FIELD_VALUE_MAX) {
      ctx.issues.push({
        code: "custom",
        input: val,
        path: [k],
        message: `must be at most ${FIELD_VALUE_MAX} characters (got ${charLength(val)})`,
      });
    }
  }
}).transform((v) => v as Record<string, string>)
  // What the check above allows, for the OpenAPI document (zod cannot infer it from a check).
  .meta({
    type: "object",
    maxProperties: FIELDS_MAX,
    additionalProperties: { type: "string", maxLength: FIELD_VALUE_MAX },
  });

/**
 * The auto-reply to the submitter (forms/submit's `confirm`; a static site's
 * form endpoint stores the same object as its `auto_reply`). Placeholders
 * {name}, {email}, {form_name}, {site_name}, {site_domain}, {field:KEY}.
 */
export const ConfirmSettings = z.object({
  enabled: z.boolean().nullish().transform((v) => v ?? false),
  subject: str(200).nullish(),
  body: str(20_000).nullish(),
  from_name: str(120).nullish(),
});
export type Confirm = z.output<typeof ConfirmSettings>;

export const SubmitBody = z.object({
  form_id: z.number({ message: "must be a positive whole number" })
    .int("must be a positive whole number")
    .positive("must be a positive whole number")
    .max(Number.MAX_SAFE_INTEGER, "must be at most 9007199254740991"),
  fields: fieldsObject.nullish().transform((v) => v ?? {}),
  form_name: str(200).nullish(),
  template: str(50).nullish(),
  /**
   * An extension beyond the spec: the slug of the hosted form the submission
   * comes from. The notification then shows that form's field labels (and its
   * name when form_name is not sent) instead of the field names.
   */
  form_slug: str(100).nullish().describe(
    "Beyond the spec: the slug of the hosted form it comes from; the notification shows " +
      "that form's field labels and name.",
  ),
  notify_emails: z.array(z.string(), { message: "must be an array of strings" })
    .max(NOTIFY_EMAILS_MAX, `must have at most ${NOTIFY_EMAILS_MAX} items`).nullish(),
  notify_email: z.string().nullish(),
  from_name: str(120).nullish(),
  visitor: z.object({
    ip: str(64).nullish(),
    user_agent: str(500).nullish(),
    referrer: str(500).nullish(),
  }).nullish(),
  captcha_token: str(6000).nullish(),
  cf_turnstile_token: str(4000).nullish(),
  // Accepted and ignored: the site's saved provider decides.
  captcha_provider: z.enum(CAPTCHA_PROVIDERS).nullish(),
  confirm: ConfirmSettings.nullish(),
  site_url: httpUrl(2000).nullish(),
});

export type SubmitInput = z.output<typeof SubmitBody>;

/**
 * One submission as the pipeline takes it, whichever door it came in by: the
 * body of forms/submit, or what POST /f/{id} read from a static site's form,
 * which adds files, a subject and a Reply-To (the `_subject` and `_replyto`
 * conventions) and the endpoint. The JSON body can never set these: its schema
 * drops unknown keys.
 */
export type SubmitEntry = SubmitInput & {
  /** Checked files, stored as blobs with the submission. */
  files?: { field: string; name: string; content_type: string; bytes: Uint8Array }[];
  /** The notification's subject instead of the form's name (`_subject`). */
  subject?: string | null;
  /** The submitter's address when the page names it (`_replyto`). */
  reply_to?: string | null;
  endpoint_id?: string;
};
