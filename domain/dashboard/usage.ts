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

export type { DailyKind };

export const CHART_DAYS = 30;

export type Usage = {
  month: string;
  account: { id: string; name: string } | null;
  email: { used: number; limit: number | null };
  form: { used: number; limit: number | null };
  days: { day: string; counts: Record<DailyKind, number> }[];
};

export async function siteUsage(ctx: Ctx, site: Site): Promise<Usage> {
  const now = ctx.clock.now();
  const account = site.account_id ? await readAccount(ctx, site.account_id) : null;
  const [email, form, days] = await Promise.all([
    account ? readMonthly(ctx.kv, account.id, "email", now) : null,
    account ? readMonthly(ctx.kv, account.id, "form", now) : null,
    readDaily(ctx.kv, site.id, now, CHART_DAYS),
  ]);
  return {
    month: utcMonth(now),
    account: account ? { id: account.id, name: account.name } : null,
    email: { used: email?.count ?? 0, limit: account?.monthly_email_limit ?? null },
    form: { used: form?.count ?? 0, limit: account?.monthly_form_limit ?? null },
    days,
  };
}
