// deno-lint-ignore-file jsx-key -- hono/jsx renders `key` as an HTML attribute; a server-rendered list needs none.
/** A site's usage: this month against the account's limits, and 30 days of daily counters. */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import {
  accountUsage,
  type DailyKind,
  siteUsage,
  type Usage,
} from "../../domain/dashboard/usage.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, SiteNav, viewerOf } from "./sites.tsx";
import { DailyChart, type Series } from "./chart.tsx";

const SERIES: Series<DailyKind>[] = [
  { kind: "sent", label: "Sent" },
  { kind: "opened", label: "Opened" },
  { kind: "clicked", label: "Clicked" },
  { kind: "bounced", label: "Bounced" },
  { kind: "submissions", label: "Submissions" },
];

function Meter(props: { label: string; used: number; limit: number | null }) {
  const { used, limit } = props;
  return (
    <div>
      <p>
        <strong>{props.label}</strong>: {used.toLocaleString("en")}
        {limit === null ? " (no monthly limit)" : ` of ${limit.toLocaleString("en")}`}
      </p>
      {limit !== null && (
        <progress value={Math.min(used, limit)} max={Math.max(limit, 1)} aria-label={props.label}>
        </progress>
      )}
    </div>
  );
}

function UsagePage(props: { c: Context<DashEnv>; site: Site | null; usage: Usage }) {
  const { site, usage } = props;
  const totals = Object.fromEntries(
    SERIES.map((s) => [s.kind, usage.days.reduce((n, d) => n + d.counts[s.kind], 0)]),
  );
  return (
    <Page title={site ? `Usage · ${site.name}` : "Usage"} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>Usage</h1>
        <p>{site ? site.name : `All sites of ${usage.account?.name ?? "the account"}`}</p>
      </hgroup>
      {site && <SiteNav site={site} />}
      <section>
        <h2>This month ({usage.month}, UTC)</h2>
        {usage.account
          ? (
            <>
              <p>
                Account <strong>{usage.account.name}</strong> (all its sites):
              </p>
              <div class="grid">
                <Meter label="Emails sent" used={usage.email.used} limit={usage.email.limit} />
                <Meter
                  label="Form submissions"
                  used={usage.form.used}
                  limit={usage.form.limit}
                />
              </div>
            </>
          )
          : <p>This site belongs to no account: no monthly limits apply.</p>}
      </section>
      <section>
        <h2>Last {usage.days.length} days ({site ? "this site" : "all its sites"})</h2>
        {site && usage.account && (
          <p>
            <a href="/dashboard/usage">All sites of the account</a>
          </p>
        )}
        <DailyChart
          title={`Sent, opened, clicked, bounced and submissions per day, last ${usage.days.length} days`}
          series={SERIES}
          days={usage.days}
        />
        <details>
          <summary>The numbers, per day</summary>
          <div class="overflow-auto">
            <table>
              <thead>
                <tr>
                  <th scope="col">Day (UTC)</th>
                  {SERIES.map((s) => <th scope="col">{s.label}</th>)}
                </tr>
              </thead>
              <tbody>
                {usage.days.slice().reverse().map((d) => (
                  <tr>
                    <th scope="row">{d.day}</th>
                    {SERIES.map((s) => <td>{d.counts[s.kind]}</td>)}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  {SERIES.map((s) => <td>{totals[s.kind]}</td>)}
                </tr>
              </tfoot>
            </table>
          </div>
        </details>
      </section>
    </Page>
  );
}

export function usageRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/sites/:id/usage", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    return c.html(<UsagePage c={c} site={site} usage={await siteUsage(ctx, site)} />);
  });
  r.get("/dashboard/usage", async (c) => {
    const s = c.get("session");
    const usage = s.account_id ? await accountUsage(ctx, s.account_id) : null;
    if (!usage) return c.redirect("/dashboard/", 303);
    return c.html(<UsagePage c={c} site={null} usage={usage} />);
  });
  return r;
}
