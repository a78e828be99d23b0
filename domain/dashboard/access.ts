/**
 * What a dashboard session may see: an account user only their account's
 * sites; the operator every site. Anything else reads as "not found", so a
 * foreign id tells nothing about whether it exists.
 */
import type { Ctx } from "../kernel/context.ts";
import type { Site } from "../sites/schema.ts";
import { readSite } from "../sites/sites.ts";
import type { Session } from "./store.ts";

export async function siteOfSession(ctx: Ctx, s: Session, siteId: string): Promise<Site | null> {
  if (siteId.length > 100) return null;
  const site = await readSite(ctx, siteId);
  if (!site) return null;
  if (s.user_id === null) return site;
  return site.account_id !== null && site.account_id === s.account_id ? site : null;
}
