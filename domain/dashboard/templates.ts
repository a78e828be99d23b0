/**
 * Templates in the dashboard: which ones a session may see (its account's own,
 * and the starter templates every account has), and a preview filled with
 * sample data through the same rendering a send uses (domain/mail/render.ts),
 * so what the preview shows is what a recipient would get.
 */
import type { Ctx } from "../kernel/context.ts";
import { readTemplate, starterTemplateViews, type TemplateView } from "../mail/templates.ts";
import {
  fillSubject,
  fillVariables,
  htmlToText,
  type TemplateData,
  templateVariables,
} from "../mail/render.ts";
import type { Session } from "./store.ts";

export async function templateOfSession(
  ctx: Ctx,
  s: Session,
  id: string,
): Promise<TemplateView | null> {
  if (id.length > 100 || !s.account_id) return null;
  const t = await readTemplate(ctx, id);
  return t && t.account_id === s.account_id ? t : null;
}

export type StarterView = ReturnType<typeof starterTemplateViews>[number];

export function starterBySlug(slug: string): StarterView | null {
  return starterTemplateViews().find((t) => t.slug === slug) ?? null;
}

/** Content a preview is made of: a template of the account or a starter template. */
export type PreviewSource = { subject: string | null; html: string | null; text: string | null };

/** A plausible value for a variable, by its name. */
function sampleValue(name: string): string {
  const n = name.toLowerCase();
  if (n === "site_name") return "Example Shop";
  if (n === "site_domain") return "shop.example.com";
  if (n.endsWith("url") || n.endsWith("link")) {
    return "https://shop.example.com/" + n.replace(/_?(url|link)$/, "");
  }
  if (n.includes("email")) return "ann@example.org";
  if (n === "name" || n.endsWith("_name")) return "Ann Example";
  if (n.includes("code") || n.includes("otp")) return "482913";
  if (n.includes("date")) return "24 November 2026";
  if (n.includes("amount") || n.includes("total") || n.includes("price")) return "€42.00";
  return `sample ${name}`;
}

export function variablesOf(t: PreviewSource): string[] {
  return templateVariables([t.subject ?? "", t.html ?? "", t.text ?? ""].join("\n"));
}

/** Sample data for every variable the template uses, overridden by what the user typed. */
export function sampleData(t: PreviewSource, given: Record<string, string>): TemplateData {
  const data: TemplateData = {};
  for (const v of variablesOf(t)) data[v] = Object.hasOwn(given, v) ? given[v] : sampleValue(v);
  return data;
}

export type Preview = { subject: string; html: string | null; text: string };

export function renderPreview(t: PreviewSource, data: TemplateData): Preview {
  const html = t.html ? fillVariables(t.html, data, true) : null;
  const text = t.text ? fillVariables(t.text, data, false) : html ? htmlToText(html) : "";
  return { subject: fillSubject(t.subject ?? "", data), html, text };
}
