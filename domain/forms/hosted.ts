/**
 * Hosted forms (spec: Hosted form; GET /forms/render/{slug}): the operator's
 * schema with caps that keep a form inside one KV value, the operator actions,
 * and the lookup render does.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { ApiError, ConflictError } from "../kernel/errors.ts";
import { str } from "../kernel/validation.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import { sha256Hex } from "../kernel/crypto.ts";
import type { TtlCache } from "../kernel/cache.ts";
import { readAccount } from "../accounts/accounts.ts";
import type { Site } from "../sites/schema.ts";
import {
  FieldsSchema,
  MAX_FORM_JSON_CHARS,
  SettingsSchema,
  slug,
  SLUG_MAX,
  SLUG_RE,
} from "./hosted_schema.ts";

import {
  createHostedForm,
  getHostedForm,
  getHostedFormBySlug,
  type HostedForm,
  listHostedForms,
  updateHostedForm,
} from "./hosted_store.ts";

/** The form's size check, on the parts a caller controls. */
function sizeIssue(def: { name?: string; fields?: unknown; settings?: unknown }) {
  const n = JSON.stringify(def).length;
  return n > MAX_FORM_JSON_CHARS
    ? {
      field: "(body)",
      message:
        `the form definition is too large: ${n} characters of JSON, at most ${MAX_FORM_JSON_CHARS}`,
    }
    : null;
}

export const FormCreate = z.object({
  name: str(200, 1),
  slug: slug(),
  fields: FieldsSchema.default([]),
  settings: SettingsSchema.default({}),
});
export const FormPatch = z.object({
  name: str(200, 1),
  slug: slug(),
  fields: FieldsSchema,
  settings: SettingsSchema,
}).partial();

function conflict(slugValue: string): ApiError {
  return new ApiError("conflict", 409, {
    message: `The slug "${slugValue}" is already used by a form of this account.`,
  });
}

function tooLarge(def: { name?: string; fields?: unknown; settings?: unknown }) {
  const issue = sizeIssue(def);
  if (issue) throw new ApiError("invalid_payload", 400, { details: [issue] });
}

/** Creates a form on an account; null when the account does not exist. */
export async function newHostedForm(
  ctx: Ctx,
  accountId: string,
  input: z.output<typeof FormCreate>,
): Promise<HostedForm | null> {
  if (!(await readAccount(ctx, accountId))) return null;
  tooLarge({ name: input.name, fields: input.fields, settings: input.settings });
  const t = ctx.clock.now();
  try {
    return await createHostedForm(ctx.kv, {
      id: uuidv7(t),
      account_id: accountId,
      name: input.name,
      slug: input.slug,
      fields: input.fields,
      settings: input.settings,
      archived: false,
      archived_at: null,
      created_at: isoTime(t),
      updated_at: isoTime(t),
    });
  } catch (e) {
    if (e instanceof ConflictError) throw conflict(input.slug);
    throw e;
  } finally {
    // The slug index may point elsewhere now (cheap: forms change rarely).
    renders(ctx).clear();
  }
}

/** Changes any of name, slug, fields, settings; updated_at moves. Null when unknown. */
export async function patchHostedForm(
  ctx: Ctx,
  id: string,
  input: z.output<typeof FormPatch>,
): Promise<HostedForm | null> {
  try {
    return await retryOnConflict(() =>
      updateHostedForm(ctx, id, (f) => {
        const next = {
          ...f,
          ...(input.name !== undefined && { name: input.name }),
          ...(input.slug !== undefined && { slug: input.slug }),
          ...(input.fields !== undefined && { fields: input.fields }),
          ...(input.settings !== undefined && { settings: input.settings }),
          updated_at: isoTime(ctx.clock.now()),
        };
        tooLarge({ name: next.name, fields: next.fields, settings: next.settings });
        return next;
      }), 3).finally(() => renders(ctx).clear());
  } catch (e) {
    // A lost race is retried; what remains is a slug taken by another form.
    if (e instanceof ConflictError) throw conflict(input.slug ?? "");
    throw e;
  }
}

/** The form with this id, or null. */
export function readHostedForm(ctx: Ctx, id: string): Promise<HostedForm | null> {
  return getHostedForm(ctx.kv, id);
}

/** The forms of an account, oldest first; null when the account does not exist. */
export async function listHostedFormsOfAccount(
  ctx: Ctx,
  accountId: string,
): Promise<HostedForm[] | null> {
  if (!(await readAccount(ctx, accountId))) return null;
  return await listHostedForms(ctx.kv, accountId);
}

/** What GET /forms lists of each form: enough to pick one and show its fields. */
export function listView(f: HostedForm) {
  return { slug: f.slug, name: f.name, fields: f.fields, updated_at: f.updated_at };
}

/**
 * GET /forms (an extension beyond the spec): the forms a site's key can
 * render, i.e. its account's forms that are not archived, oldest first, so a
 * WordPress block can offer them by name. A site without an account has none.
 */
export async function formsOfSite(ctx: Ctx, site: Site): Promise<ReturnType<typeof listView>[]> {
  if (!site.account_id) return [];
  const forms = await listHostedForms(ctx.kv, site.account_id);
  return forms.filter((f) => !f.archived).map(listView);
}

/** Archives (render then answers 410) or restores a form. Null when unknown. */
export function setArchived(ctx: Ctx, id: string, archived: boolean): Promise<HostedForm | null> {
  return retryOnConflict(() =>
    updateHostedForm(ctx, id, (f) => {
      const now = isoTime(ctx.clock.now());
      if (f.archived === archived) return f;
      return { ...f, archived, archived_at: archived ? now : null, updated_at: now };
    })
  ).finally(() => renders(ctx).clear());
}

/** What GET /forms/render/{slug} shows of a form. */
export function renderView(f: HostedForm) {
  return {
    id: f.id,
    name: f.name,
    slug: f.slug,
    fields: f.fields,
    settings: f.settings,
    updated_at: f.updated_at,
  };
}

/** Whether a render slug has only the allowed characters (checked before the key). */
export function isValidSlug(s: string): boolean {
  return s.length > 0 && SLUG_RE.test(s);
}

/**
 * The form a site's key may render: one of the site's account with this slug.
 * Errors: site_has_no_owner, form_not_found, form_archived.
 */
export async function formForRender(ctx: Ctx, site: Site, slugValue: string): Promise<HostedForm> {
  if (!site.account_id) throw new ApiError("site_has_no_owner", 403);
  // No form has a longer slug; skip the lookup (and its oversized key).
  const form = slugValue.length <= SLUG_MAX
    ? await getHostedFormBySlug(ctx.kv, site.account_id, slugValue)
    : null;
  if (!form || form.account_id !== site.account_id) throw new ApiError("form_not_found", 404);
  if (form.archived) throw new ApiError("form_archived", 410);
  return form;
}

/** A form's answer to GET /forms/render/{slug}: its JSON body, ETag and updated_at, and the form it shows. */
export type RenderedForm = {
  body: string;
  etag: string;
  updatedAt: string;
  form: ReturnType<typeof renderView>;
};

function renders(ctx: Ctx): TtlCache<RenderedForm> {
  return ctx.caches.renders as TtlCache<RenderedForm>;
}

/**
 * formForRender's answer, made once and kept in memory for RENDER_CACHE_MS
 * (the spec lets render changes take up to a minute; this process's own form
 * changes clear it at once). Only the form is cached here: the key and the
 * site are checked on every request before this is called (from memory only
 * while this instance is alone: domain/sites/auth.ts). Errors are not cached.
 */
export async function renderedForm(ctx: Ctx, site: Site, slugValue: string): Promise<RenderedForm> {
  const cacheKey = `${site.account_id}\n${slugValue}`;
  const now = ctx.clock.now();
  const hit = site.account_id ? renders(ctx).get(cacheKey, now) : undefined;
  if (hit) return hit;
  const view = renderView(await formForRender(ctx, site, slugValue));
  const body = JSON.stringify({ ok: true, form: view });
  const out = {
    body,
    etag: `"${sha256Hex(body).slice(0, 32)}"`,
    updatedAt: view.updated_at,
    form: view,
  };
  renders(ctx).set(cacheKey, out, now);
  return out;
}

/** What a notification shows of the hosted form a submission names: its name and field labels. */
export type NotificationForm = { name: string; labels: ReadonlyMap<string, string> };

/**
 * The hosted form a submission names by `form_slug`, as its notification
 * shows it; null when the site's account has no such form (or it is
 * archived): the notification then shows field names. Read through render's
 * cache, so a busy form costs no read.
 */
export async function notificationForm(
  ctx: Ctx,
  site: Site,
  slugValue: string | null | undefined,
): Promise<NotificationForm | null> {
  if (!slugValue || !site.account_id || !isValidSlug(slugValue)) return null;
  try {
    const { form } = await renderedForm(ctx, site, slugValue);
    return { name: form.name, labels: new Map(form.fields.map((f) => [f.name, f.label])) };
  } catch (e) {
    if (e instanceof ApiError) return null;
    throw e;
  }
}
