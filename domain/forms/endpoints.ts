/**
 * Form endpoints of static sites (docs/static-forms.md): the operator's
 * create, list and delete, the redirect allow-list (no open redirect), and the
 * copy-paste HTML snippet the dashboard shows for each endpoint.
 */
import { getDomain } from "tldts";
import type { Ctx } from "../kernel/context.ts";
import { ApiError } from "../kernel/errors.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { escapeHtml } from "../kernel/html.ts";
import { readSite } from "../sites/sites.ts";
import type { Site } from "../sites/schema.ts";
import { captchaView } from "./captcha_settings.ts";
import { readHostedForm } from "./hosted.ts";
import { getHostedFormBySlug } from "./hosted_store.ts";
import type { FormField, HostedForm } from "./hosted_schema.ts";
import type { Confirm } from "./schema.ts";
import {
  type EndpointInput,
  type EndpointPatchInput,
  type FormEndpoint,
  MAX_ENDPOINTS_PER_SITE,
} from "./endpoints_schema.ts";
import {
  createFormEndpoint,
  deleteFormEndpoint,
  getFormEndpoint,
  listFormEndpointsOfSite,
  updateFormEndpoint,
} from "./endpoints_store.ts";

/** A host as URL parsing spells it (lowercase, punycode, no trailing dot); null when not a host. */
function hostOf(domain: string): string | null {
  try {
    return new URL(`http://${domain}/`).hostname.replace(/\.$/, "");
  } catch {
    return null;
  }
}

/**
 * Whether a visitor may be sent to `url` after posting to a form of `siteDomain`:
 * an http(s) URL without credentials on the site's domain or one of its
 * subdomains. When the site's domain is itself a public suffix (a shared host
 * such as `github.io`), only that exact host: its other subdomains belong to
 * other people.
 */
export function redirectAllowed(url: string, siteDomain: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return false;
  if (u.username !== "" || u.password !== "") return false;
  const host = u.hostname.replace(/\.$/, "");
  const site = hostOf(siteDomain);
  if (!site || host === "") return false;
  if (host === site) return true;
  // tldts reads the public suffix list: a site that is a suffix owns no subdomains.
  const registrable = getDomain(site, { allowPrivateDomains: true });
  if (registrable === null) return false;
  return host.endsWith("." + site);
}

/** What the operator API answers for an endpoint. */
export function endpointView(ctx: Ctx, e: FormEndpoint) {
  return {
    id: e.id,
    site_id: e.site_id,
    url: endpointUrl(ctx, e.id),
    form: e.form_slug,
    redirect_url: e.redirect_url,
    allowed_origins: e.allowed_origins,
    auto_reply: e.auto_reply ?? null,
    created_at: e.created_at,
  };
}
export type EndpointView = ReturnType<typeof endpointView>;

export function endpointUrl(ctx: Ctx, id: string): string {
  return `${ctx.config.SVC_BASE_URL.replace(/\/+$/, "")}/f/${id}`;
}

/**
 * Creates an endpoint on a site. Null when the site does not exist. Errors
 * (400 invalid_payload naming the field): a form slug the site's account does
 * not have, a redirect off the site's domain.
 */
export async function newFormEndpoint(
  ctx: Ctx,
  siteId: string,
  input: EndpointInput,
): Promise<FormEndpoint | null> {
  const site = await readSite(ctx, siteId);
  if (!site) return null;
  let form: HostedForm | null = null;
  if (input.form) {
    form = site.account_id ? await getHostedFormBySlug(ctx.kv, site.account_id, input.form) : null;
    if (!form) throw invalid("form", "no hosted form of the site's account has this slug");
  }
  if (input.redirect_url && !redirectAllowed(input.redirect_url, site.domain)) {
    throw invalid("redirect_url", `must be on ${site.domain} or one of its subdomains`);
  }
  const existing = await listFormEndpointsOfSite(ctx.kv, site.id);
  if (existing.length >= MAX_ENDPOINTS_PER_SITE) {
    throw invalid("(body)", `a site has at most ${MAX_ENDPOINTS_PER_SITE} form endpoints`);
  }
  const now = ctx.clock.now();
  return await createFormEndpoint(ctx.kv, {
    id: uuidv7(now),
    site_id: site.id,
    form_id: form?.id ?? null,
    form_slug: form?.slug ?? null,
    redirect_url: input.redirect_url ?? null,
    allowed_origins: [...new Set(input.allowed_origins ?? [])],
    auto_reply: storedAutoReply(input.auto_reply),
    created_at: isoTime(now),
  });
}

/** An auto-reply with every key present (null: not set), so the answer's shape is fixed. */
function storedAutoReply(a: Confirm | null | undefined): Confirm | null {
  if (!a) return null;
  return {
    enabled: a.enabled,
    subject: a.subject ?? null,
    body: a.body ?? null,
    from_name: a.from_name ?? null,
  };
}

function invalid(field: string, message: string): ApiError {
  return new ApiError("invalid_payload", 400, { details: [{ field, message }] });
}

/** The endpoints of a site, oldest first; null when the site does not exist. */
export async function listFormEndpoints(ctx: Ctx, siteId: string): Promise<FormEndpoint[] | null> {
  if (!(await readSite(ctx, siteId))) return null;
  return await listFormEndpointsOfSite(ctx.kv, siteId);
}

/** Sets or removes (null) an endpoint's auto-reply; null when the site has no such endpoint. */
export function patchFormEndpoint(
  ctx: Ctx,
  siteId: string,
  id: string,
  input: EndpointPatchInput,
): Promise<FormEndpoint | null> {
  if (id.length > 64) return Promise.resolve(null);
  return updateFormEndpoint(ctx.kv, siteId, id, (e) => ({
    ...e,
    auto_reply: storedAutoReply(input.auto_reply),
  }));
}

/** Removes a site's endpoint; false when the site has none with this id. */
export function removeFormEndpoint(ctx: Ctx, siteId: string, id: string): Promise<boolean> {
  return deleteFormEndpoint(ctx.kv, siteId, id);
}

/** The endpoint with this id, or null (ids are UUIDs: anything longer is not one). */
export function readFormEndpoint(ctx: Ctx, id: string): Promise<FormEndpoint | null> {
  return id.length > 64 ? Promise.resolve(null) : getFormEndpoint(ctx.kv, id);
}

// --- the copy-paste snippet ------------------------------------------------------

const INPUT_TYPES = new Set(["text", "email", "tel", "url", "number", "date", "time"]);

function fieldHtml(f: FormField): string {
  const name = escapeHtml(f.name);
  const label = escapeHtml(f.label);
  const req = f.required ? " required" : "";
  const ph = f.placeholder ? ` placeholder="${escapeHtml(f.placeholder)}"` : "";
  if (f.type === "textarea") {
    return `  <label>${label}<br><textarea name="${name}" rows="5"${ph}${req}></textarea></label>`;
  }
  if (f.type === "select") {
    const opts = (f.options ?? []).map((o) =>
      `      <option value="${escapeHtml(o)}">${escapeHtml(o)}</option>`
    ).join("\n");
    return `  <label>${label}<br><select name="${name}"${req}>\n${opts}\n    </select></label>`;
  }
  if (f.type === "checkbox") {
    if (f.options && f.options.length > 0) {
      const boxes = f.options.map((o) =>
        `    <label><input type="checkbox" name="${name}" value="${escapeHtml(o)}"> ${
          escapeHtml(o)
        }</label>`
      ).join("\n");
      return `  <fieldset><legend>${label}</legend>\n${boxes}\n  </fieldset>`;
    }
    return `  <label><input type="checkbox" name="${name}" value="yes"${req}> ${label}</label>`;
  }
  const type = INPUT_TYPES.has(f.type) ? f.type : "text";
  return `  <label>${label}<br><input type="${type}" name="${name}"${ph}${req}></label>`;
}

const DEFAULT_FIELDS: FormField[] = [
  { name: "name", label: "Name", type: "text", required: true },
  { name: "email", label: "Email", type: "email", required: true },
  { name: "message", label: "Message", type: "textarea", required: true },
];

/**
 * A form that works as pasted: the hosted form's fields (or name, email and
 * message), a file input, the site's captcha widget and the `_gotcha`
 * honeypot, hidden from people and left empty by them.
 */
export function endpointSnippet(
  ctx: Ctx,
  site: Site,
  e: FormEndpoint,
  form: HostedForm | null,
): string {
  const fields = form && form.fields.length > 0 ? form.fields : DEFAULT_FIELDS;
  const captcha = captchaView(ctx, site);
  const lines = [
    `<form action="${
      escapeHtml(endpointUrl(ctx, e.id))
    }" method="POST" enctype="multipart/form-data">`,
    ...fields.map((f) => `  <p>\n  ${fieldHtml(f).trimStart()}\n  </p>`),
    `  <p><label>Attachment<br><input type="file" name="attachment"></label></p>`,
    `  <!-- Honeypot: people never see it; a bot that fills it is answered but not delivered. -->`,
    `  <input type="text" name="_gotcha" tabindex="-1" autocomplete="off" style="display:none">`,
  ];
  if (captcha.widget_js && captcha.site_key && captcha.provider !== "recaptcha_v3") {
    lines.push(
      `  <script src="${escapeHtml(captcha.widget_js)}" async defer></script>`,
      `  <div class="${escapeHtml(captcha.widget_class!)}" data-sitekey="${
        escapeHtml(captcha.site_key)
      }"></div>`,
    );
  }
  lines.push(
    `  <button type="submit">${escapeHtml(form?.settings.submit_label || "Send")}</button>`,
  );
  lines.push(`</form>`);
  return lines.join("\n");
}

/** The snippet of an endpoint of `site`, with its linked form read. */
export async function snippetOf(ctx: Ctx, site: Site, e: FormEndpoint): Promise<string> {
  const form = e.form_id ? await readHostedForm(ctx, e.form_id) : null;
  return endpointSnippet(ctx, site, e, form);
}
