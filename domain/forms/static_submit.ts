/**
 * POST /f/{id}: the public door of a static site's form (docs/static-forms.md).
 * A browser posts urlencoded or multipart, a script JSON; no key: the endpoint
 * id names the site. What came in is read into the same entry forms/submit
 * builds from its JSON (fields, visitor, captcha token, notification address)
 * plus the files, and handed to the one pipeline, `submitForm`
 * (domain/forms/submit.ts): IP checks, captcha, judgement, storage,
 * notification, auto-reply and events are the same for both doors.
 *
 * Field conventions (Formspree's): `_gotcha` is a honeypot (filled: judged
 * spam, answered like success, nobody notified); `_subject` is the
 * notification's subject; `_replyto` the submitter's address (Reply-To). The
 * captcha token is read from the provider's response field
 * (`cf-turnstile-response`, `h-captcha-response`, `g-recaptcha-response`).
 * None of these is stored as a field.
 *
 * Multipart is parsed by the Web platform's `Request.formData()` on bytes the
 * route already read within the limit (routes/body.ts counts them as they
 * arrive), so parsing never sees more than SVC_UPLOAD_MAX_BYTES plus room for
 * the fields: no parser library, no temporary files.
 */
import type { Ctx } from "../kernel/context.ts";
import { ApiError } from "../kernel/errors.ts";
import { isHttpUrl } from "../kernel/validation.ts";
import { clipChars } from "../kernel/text.ts";
import { uuidv7Time } from "../kernel/ids.ts";
import { parseAddress } from "../kernel/address.ts";
import { readSite } from "../sites/sites.ts";
import type { Site } from "../sites/schema.ts";
import { captchaView } from "./captcha_settings.ts";
import { readHostedForm } from "./hosted.ts";
import type { HostedForm } from "./hosted_schema.ts";
import type { FormEndpoint } from "./endpoints_schema.ts";
import { redirectAllowed } from "./endpoints.ts";
import { FORMS_BODY_LIMIT, SubmitBody, type SubmitEntry } from "./schema.ts";
import { checkFiles, MAX_FILES, type UploadedFile } from "./uploads.ts";
import { submitForm } from "./submit.ts";

/** Room for the fields and the multipart framing beside the files. */
export const MULTIPART_FIELDS_ROOM = 512 * 1024;

/** The fields that carry a captcha widget's token, by provider. */
const CAPTCHA_FIELDS = ["cf-turnstile-response", "h-captcha-response", "g-recaptcha-response"];
/** Convention fields that steer the submission and are not stored as fields. */
const CONVENTION_FIELDS = ["_subject", "_replyto", "_next", ...CAPTCHA_FIELDS];

export type FieldError = { field: string; message: string };

function mediaType(contentType: string): string {
  return contentType.split(";")[0].trim().toLowerCase();
}

/**
 * Largest body POST /f/{id} reads for this Content-Type: multipart carries the
 * files (SVC_UPLOAD_MAX_BYTES) and the fields; the others only fields.
 */
export function doorBodyLimit(ctx: Ctx, contentType: string): number {
  return mediaType(contentType) === "multipart/form-data"
    ? ctx.config.SVC_UPLOAD_MAX_BYTES + MULTIPART_FIELDS_ROOM
    : FORMS_BODY_LIMIT;
}

export function uploadTooLarge(ctx: Ctx): ApiError {
  return new ApiError("upload_too_large", 413, {
    message: `Files may add up to at most ${ctx.config.SVC_UPLOAD_MAX_BYTES} bytes per submission.`,
  });
}

function badBody(message: string): ApiError {
  return new ApiError("invalid_body", 400, { message });
}

/** Sets a field, joining repeated names (a group of checkboxes) with ", ". */
function put(fields: Map<string, string>, name: string, value: string): void {
  const had = fields.get(name);
  fields.set(name, had === undefined ? value : `${had}, ${value}`);
}

/** The fields and files of a body, by its Content-Type. Errors: invalid_body, upload_too_large. */
export async function parseDoorBody(
  ctx: Ctx,
  contentType: string,
  bytes: Uint8Array,
): Promise<{ fields: Map<string, string>; files: UploadedFile[] }> {
  const type = mediaType(contentType);
  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  if (type === "application/x-www-form-urlencoded") {
    for (const [k, v] of new URLSearchParams(new TextDecoder().decode(bytes))) put(fields, k, v);
  } else if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": contentType },
      }).formData();
    } catch {
      throw badBody("The multipart body could not be read.");
    }
    let total = 0;
    for (const [k, v] of form) {
      if (typeof v === "string") {
        put(fields, k, v);
        continue;
      }
      // A file input left empty is sent as a nameless, empty part.
      if (v.size === 0 && v.name === "") continue;
      total += v.size;
      if (total > ctx.config.SVC_UPLOAD_MAX_BYTES) throw uploadTooLarge(ctx);
      if (files.length === MAX_FILES) {
        throw new ApiError("too_many_files", 413, {
          message: `At most ${MAX_FILES} files per submission.`,
        });
      }
      files.push({ field: k, name: v.name, bytes: new Uint8Array(await v.arrayBuffer()) });
    }
  } else if (type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw badBody("The body is not valid JSON.");
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) {
      throw badBody("The JSON body must be an object of field names to values.");
    }
    for (const [k, v] of Object.entries(json)) {
      if (typeof v === "string") put(fields, k, v);
      else if (typeof v === "number" || typeof v === "boolean") put(fields, k, String(v));
      else if (Array.isArray(v) && v.every((x) => typeof x === "string")) {
        for (const x of v) put(fields, k, x);
      } else if (v !== null) {
        throw badBody(`The value of "${clipChars(k, 64)}" must be a string.`);
      }
    }
  } else {
    throw new ApiError("unsupported_media_type", 415, {
      message: "Post application/x-www-form-urlencoded, multipart/form-data or application/json.",
    });
  }
  return { fields, files };
}

/** The hosted form's rules (required, types) on the posted fields and files. */
export function fieldErrors(
  form: HostedForm,
  fields: Map<string, string>,
  files: UploadedFile[],
): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of form.fields) {
    const v = (fields.get(f.name) ?? "").trim();
    if (v === "") {
      if (f.required && !files.some((x) => x.field === f.name)) {
        errors.push({ field: f.name, message: `${f.label} is required` });
      }
      continue;
    }
    const bad = (message: string) => errors.push({ field: f.name, message });
    switch (f.type) {
      case "email":
        if (!parseAddress(v).ok) bad(`${f.label} must be an email address`);
        break;
      case "url":
        if (!isHttpUrl(v)) bad(`${f.label} must be a full URL starting with http:// or https://`);
        break;
      case "number":
        if (!Number.isFinite(Number(v))) bad(`${f.label} must be a number`);
        break;
      case "date":
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) {
          bad(`${f.label} must be a date (YYYY-MM-DD)`);
        }
        break;
      case "time":
        if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v)) {
          bad(`${f.label} must be a time (HH:MM)`);
        }
        break;
      case "select":
        if (f.options && !f.options.includes(v)) bad(`${f.label} must be one of the choices`);
        break;
    }
  }
  return errors;
}

function invalidFields(fields: FieldError[]): ApiError {
  return new ApiError("invalid_fields", 400, { fields });
}

/** What the request carried besides its body. */
export type DoorRequest = {
  contentType: string;
  bytes: Uint8Array;
  userAgent: string | null;
  referrer: string | null;
  /** The client's address (the connection, or what a trusted proxy says). */
  ip: string | null;
};

/** Where the visitor goes next: the endpoint's redirect, or the thank-you page's message. */
export type DoorAnswer = { redirect: string | null; message: string };

export const DEFAULT_THANKS = "Thank you! Your message has been sent.";

/**
 * The site, the linked hosted form and the endpoint's checks before the body
 * is parsed: a disabled site (403 site_disabled) or an archived form (410
 * form_archived) takes nothing.
 */
async function endpointParts(
  ctx: Ctx,
  e: FormEndpoint,
): Promise<{ site: Site; form: HostedForm | null }> {
  const site = await readSite(ctx, e.site_id);
  if (!site) throw new ApiError("not_found", 404);
  if (site.disabled) throw new ApiError("site_disabled", 403);
  const form = e.form_id ? await readHostedForm(ctx, e.form_id) : null;
  if (form?.archived) throw new ApiError("form_archived", 410);
  return { site, form };
}

/**
 * One post to an endpoint: the body read into an entry, the hosted form's
 * rules, then the pipeline. Spam and blocked submissions answer like success.
 * Errors (ApiError): invalid_body, unsupported_media_type, upload_too_large,
 * too_many_files, invalid_fields (with `fields`), site_disabled,
 * form_archived, no_notify_email_configured.
 */
export async function submitToEndpoint(
  ctx: Ctx,
  e: FormEndpoint,
  req: DoorRequest,
): Promise<DoorAnswer> {
  const { site, form } = await endpointParts(ctx, e);
  const { fields, files } = await parseDoorBody(ctx, req.contentType, req.bytes);
  const errors = form ? fieldErrors(form, fields, files) : [];
  const checked = await checkFiles(files);
  errors.push(...checked.errors);
  if (errors.length > 0) throw invalidFields(errors);

  const providerField = captchaView(ctx, site).response_field;
  const token = [providerField, ...CAPTCHA_FIELDS].map((f) => f && fields.get(f)?.trim())
    .find((t) => t) ?? null;
  const subject = fields.get("_subject")?.trim() || null;
  const replyTo = fields.get("_replyto")?.trim() || null;
  const kept: [string, string][] = [];
  for (const [k, v] of fields) {
    if (CONVENTION_FIELDS.includes(k)) continue;
    // An empty honeypot is noise in the record; a filled one is evidence for the judgement.
    if (k === "_gotcha" && v.trim() === "") continue;
    kept.push([k, v]);
  }
  const body = {
    // A number of the endpoint (its creation time): submissions of one endpoint share it.
    form_id: uuidv7Time(e.id),
    form_name: form?.name ?? null,
    // The linked hosted form's labels head the notification's rows, as for a rendered form.
    form_slug: form?.slug ?? null,
    fields: Object.fromEntries(kept),
    notify_email: form?.settings.notify_email ?? null,
    from_name: form?.settings.from_name ?? null,
    // The endpoint's auto-reply, sent by the pipeline as forms/submit's `confirm`.
    confirm: e.auto_reply ?? null,
    visitor: {
      ip: req.ip,
      user_agent: req.userAgent === null ? null : clipChars(req.userAgent, 500),
      referrer: req.referrer === null ? null : clipChars(req.referrer, 500),
    },
    captcha_token: token === null ? null : clipChars(token, 6000),
  };
  const parsed = SubmitBody.safeParse(body);
  if (!parsed.success) {
    throw invalidFields(parsed.error.issues.map((i) => ({
      field: i.path[0] === "fields" && i.path.length > 1 ? String(i.path[1]) : String(i.path[0]),
      message: i.message,
    })));
  }
  const entry: SubmitEntry = {
    ...parsed.data,
    endpoint_id: e.id,
    subject: subject === null ? null : clipChars(subject, 200),
    reply_to: replyTo,
    ...(checked.ok.length > 0 && { files: checked.ok }),
  };
  // Spam and blocks answer exactly like success (the spec's silent-success rule).
  await submitForm(ctx, site, entry);
  const redirect = e.redirect_url && redirectAllowed(e.redirect_url, site.domain)
    ? e.redirect_url
    : null;
  return { redirect, message: form?.settings.success_message || DEFAULT_THANKS };
}

/** Whether `origin` may read the endpoint's answers (CORS). */
export function originAllowed(e: FormEndpoint, origin: string | null | undefined): boolean {
  return !!origin && e.allowed_origins.includes(origin);
}
