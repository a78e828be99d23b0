/**
 * A site's usage for the dashboard: its account's monthly counts against the
 * account's limits, and 30 days of daily counters (sent, opened, clicked,
 * bounced, submissions). Everything is read from counters kept where the events
 * happen (domain/kernel/kv/counters.ts), never by scanning logs: a fixed number
 * of reads whatever the traffic.
 */
import type { Ctx } from "../kernel/context.ts";
import { utcMonth } from "../kernel/clock.ts";
import { type DailyKind, readDaily, readMonthly } from "../kernel/kv/counters.ts";
import { readAccount } from "../accounts/accounts.ts";
import type { Site } from "../sites/schema.ts";
import { listSitesOfAccount } from "../sites/sites.ts";

export type { DailyKind };

export const CHART_DAYS = 30;

export type Usage = {
  month: string;
  account: { id: string; name: string } | null;
  email: { used: number; limit: number | null };
  form: { used: number; limit: number | null };
  days: { day: string; counts: Record<DailyKind, number> }[];
};

/** The account's sites whose counters the account's chart adds up (a bound, not a page). */
export const ACCOUNT_CHART_SITES = 100;

export function siteUsage(ctx: Ctx, site: Site): Promise<Usage> {
  return usage(ctx, site.account_id, [site.id]);
}

/** The account's month and the daily counters of its sites added up; null: no such account. */
export async function accountUsage(ctx: Ctx, accountId: string): Promise<Usage | null> {
  const sites = await listSitesOfAccount(ctx, accountId);
  if (!sites) return null;
  return usage(ctx, accountId, sites.slice(0, ACCOUNT_CHART_SITES).map((s) => s.id));
}

async function usage(ctx: Ctx, accountId: string | null, siteIds: string[]): Promise<Usage> {
  const now = ctx.clock.now();
  const account = accountId ? await readAccount(ctx, accountId) : null;
  const [email, form, perSite] = await Promise.all([
    account ? readMonthly(ctx.kv, account.id, "email", now) : null,
    account ? readMonthly(ctx.kv, account.id, "form", now) : null,
    Promise.all(siteIds.map((id) => readDaily(ctx.kv, id, now, CHART_DAYS))),
  ]);
  // No sites: the days of nobody's counters, all zero.
  const days = perSite[0] ?? (await readDaily(ctx.kv, "", now, CHART_DAYS));
  for (const other of perSite.slice(1)) {
    other.forEach((d, i) => {
      for (const k of Object.keys(d.counts) as DailyKind[]) days[i].counts[k] += d.counts[k];
    });
  }
  return {
    month: utcMonth(now),
    account: account ? { id: account.id, name: account.name } : null,
    email: { used: email?.count ?? 0, limit: account?.monthly_email_limit ?? null },
    form: { used: form?.count ?? 0, limit: account?.monthly_form_limit ?? null },
    days,
  };
}
