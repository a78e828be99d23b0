/**
 * Templates: the operator's CRUD on account templates, and the lookup used by
 * a send (owned template by id or slug, then a starter template by slug).
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { isUuid, uuidv7 } from "../kernel/ids.ts";
import { ApiError, ConflictError } from "../kernel/errors.ts";
import { str } from "../kernel/validation.ts";
import { packText, unpackText } from "../kernel/kv/blob.ts";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  getTemplateBySlug,
  getTemplateEntry,
  listTemplatesOfAccount,
  replaceTemplate,
  type TemplateRecord,
} from "./templates_store.ts";
import { STARTER_TEMPLATES, starterTemplate } from "./starter_templates.ts";

const slug = str(120, 1).regex(/^[a-z0-9-]+$/, "must use lowercase letters, digits and hyphens");

export const TemplateCreate = z.object({
  name: str(200, 1),
  slug,
  subject: str(500).nullable().optional(),
  html: str(500_000).nullable().optional(),
  text: str(500_000).nullable().optional(),
});
export const TemplatePatch = TemplateCreate.partial();

/** A template's content, resolved for a send. */
export type TemplateContent = {
  id: string;
  slug: string;
  subject: string | null;
  html: string | null;
  text: string | null;
  starter: boolean;
};

export type TemplateView = {
  id: string;
  account_id: string;
  name: string;
  slug: string;
  subject: string | null;
  html: string | null;
  text: string | null;
  created_at: string;
  updated_at: string;
};

async function view(ctx: Ctx, t: TemplateRecord): Promise<TemplateView> {
  return {
    id: t.id,
    account_id: t.account_id,
    name: t.name,
    slug: t.slug,
    subject: t.subject,
    html: t.html ? await unpackText(ctx.kv, t.html) : null,
    text: t.text ? await unpackText(ctx.kv, t.text) : null,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

const slugTaken = (s: string) =>
  new ApiError("conflict", 409, { message: `The account already has a template with slug ${s}.` });

export async function newTemplate(
  ctx: Ctx,
  accountId: string,
  input: z.output<typeof TemplateCreate>,
): Promise<TemplateView> {
  const now = ctx.clock.now();
  const t: TemplateRecord = {
    id: uuidv7(now),
    account_id: accountId,
    name: input.name,
    slug: input.slug,
    subject: input.subject ?? null,
    html: input.html ? await packText(ctx.kv, input.html) : null,
    text: input.text ? await packText(ctx.kv, input.text) : null,
    created_at: isoTime(now),
    updated_at: isoTime(now),
  };
  try {
    await createTemplate(ctx.kv, t);
  } catch (e) {
    if (e instanceof ConflictError) throw slugTaken(t.slug);
    throw e;
  }
  return view(ctx, t);
}

export async function readTemplate(ctx: Ctx, id: string): Promise<TemplateView | null> {
  const t = await getTemplate(ctx.kv, id);
  return t ? view(ctx, t) : null;
}

export async function listTemplates(ctx: Ctx, accountId: string): Promise<TemplateView[]> {
  return await Promise.all(
    (await listTemplatesOfAccount(ctx.kv, accountId)).map((t) => view(ctx, t)),
  );
}

export async function patchTemplate(
  ctx: Ctx,
  id: string,
  input: z.output<typeof TemplatePatch>,
): Promise<TemplateView | null> {
  const e = await getTemplateEntry(ctx.kv, id);
  if (!e.value) return null;
  const prev = e.value;
  const next: TemplateRecord = {
    ...prev,
    ...(input.name !== undefined && { name: input.name }),
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.subject !== undefined && { subject: input.subject }),
    ...(input.html !== undefined && {
      html: input.html ? await packText(ctx.kv, input.html) : null,
    }),
    ...(input.text !== undefined && {
      text: input.text ? await packText(ctx.kv, input.text) : null,
    }),
    updated_at: isoTime(ctx.clock.now()),
  };
  try {
    await replaceTemplate(ctx.kv, e.versionstamp, prev, next);
  } catch (err) {
    if (err instanceof ConflictError) throw slugTaken(next.slug);
    throw err;
  }
  return view(ctx, next);
}

export async function removeTemplate(ctx: Ctx, id: string): Promise<boolean> {
  const t = await getTemplate(ctx.kv, id);
  if (!t) return false;
  await deleteTemplate(ctx.kv, t);
  return true;
}

export function starterTemplateViews() {
  return STARTER_TEMPLATES.map((t) => ({ id: `starter:${t.slug}`, ...t }));
}

/**
 * The template a send names: the account's own (by id, then by slug), then a
 * starter template by slug. null = template_not_found.
 */
export async function resolveTemplate(
  ctx: Ctx,
  accountId: string | null,
  idOrSlug: string,
): Promise<TemplateContent | null> {
  if (accountId) {
    let t: TemplateRecord | null = null;
    if (isUuid(idOrSlug)) {
      t = await getTemplate(ctx.kv, idOrSlug);
      if (t && t.account_id !== accountId) t = null;
    }
    if (!t && /^[a-z0-9-]+$/.test(idOrSlug)) {
      t = await getTemplateBySlug(ctx.kv, accountId, idOrSlug);
    }
    if (t) {
      const [html, text] = await Promise.all([
        t.html ? unpackText(ctx.kv, t.html) : null,
        t.text ? unpackText(ctx.kv, t.text) : null,
      ]);
      return { id: t.id, slug: t.slug, subject: t.subject, html, text, starter: false };
    }
  }
  const s = starterTemplate(idOrSlug);
  if (!s) return null;
  return {
    id: `starter:${s.slug}`,
    slug: s.slug,
    subject: s.subject,
    html: s.html,
    text: s.text,
    starter: true,
  };
}
