/**
 * The dashboard's data page of a site (how long its records are kept, and
 * deleting the site), and the delete buttons of one submission and one email
 * log record. Each delete asks for a ticked confirmation (the form's
 * `confirm`, required by the browser and checked here), so one click deletes
 * nothing; each writes an audit line (domain/privacy).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { patchSite, SitePatch } from "../../domain/sites/sites.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import { readSubmission } from "../../domain/forms/views.ts";
import { readEmailLogItem } from "../../domain/mail/email_log.ts";
import { deleteEmail, deleteSubmission } from "../../domain/privacy/records.ts";
import { deleteSite } from "../../domain/privacy/site_deletion.ts";
import { retentionDays } from "../../domain/privacy/retention.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { Csrf, Notice, Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, SiteNav, viewerOf } from "./sites.tsx";

/** A delete button behind a required "I understand" tick. */
export function DeleteForm(
  props: { action: string; csrf: string; what: string; id: string; extra?: string },
) {
  return (
    <form method="post" action={props.action} class="inline delete">
      <Csrf token={props.csrf} />
      {props.extra && <input type="hidden" name="back" value={props.extra} />}
      <label>
        <input type="checkbox" name="confirm" required />
        Delete {props.what} for good
      </label>
      <button type="submit" class="contrast" id={`delete-${props.id}`}>Delete</button>
    </form>
  );
}

function DataPage(props: { ctx: Ctx; c: Context<DashEnv>; site: Site; error?: string }) {
  const { ctx, c, site } = props;
  const csrf = c.get("session").csrf;
  const base = `/dashboard/sites/${site.id}`;
  const operator = c.get("session").user_id === null;
  const days = retentionDays(ctx, site);
  return (
    <Page title={`Data · ${site.name}`} viewer={viewerOf(c)}>
      <hgroup>
        <h1>Data</h1>
        <p>{site.name} · what is kept, and for how long</p>
      </hgroup>
      <SiteNav site={site} />
      {props.error && <Notice kind="error">{props.error}</Notice>}
      <section>
        <h2>Retention</h2>
        <p id="retention-now">
          {days === null
            ? "Submissions, the email log, delivery reports and webhook events are kept until deleted."
            : `Submissions, the email log, delivery reports and webhook events older than ${days} days are removed every hour.`}
        </p>
        <form method="post" action={`${base}/retention`}>
          <Csrf token={csrf} />
          <label>
            Days to keep (1 to 3650; empty: the service's default)
            <input
              type="number"
              name="retention_days"
              min="1"
              max="3650"
              value={site.retention_days ?? ""}
              aria-describedby="retention-now"
            />
          </label>
          <button type="submit">Save</button>
        </form>
      </section>
      {operator && (
        <section>
          <h2>Delete this site</h2>
          <p>
            The site, its API keys (refused at once), submissions, email log, webhooks and every
            other record of it go; this cannot be undone.
          </p>
          <DeleteForm action={`${base}/delete`} csrf={csrf} what="this site" id={site.id} />
        </section>
      )}
    </Page>
  );
}

export function privacyRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  const site = (c: Context<DashEnv>) => siteOfSession(ctx, c.get("session"), c.req.param("id")!);
  const confirmed = (c: Context<DashEnv>) => c.get("form")?.confirm === "on";
  const by = (c: Context<DashEnv>) => `dashboard:${c.get("session").user_id ?? "operator"}`;

  r.get("/dashboard/sites/:id/data", async (c) => {
    const s = await site(c);
    if (!s) return notFound(c);
    return c.html(<DataPage ctx={ctx} c={c} site={s} />);
  });
  r.post("/dashboard/sites/:id/retention", async (c) => {
    const s = await site(c);
    if (!s) return notFound(c);
    const raw = (c.get("form").retention_days ?? "").trim();
    try {
      const input = parseOrThrow(SitePatch, { retention_days: raw === "" ? null : Number(raw) });
      await patchSite(ctx, s.id, input);
    } catch (e) {
      return c.html(<DataPage ctx={ctx} c={c} site={s} error={problem(e)} />, 400);
    }
    return c.redirect(`/dashboard/sites/${s.id}/data`, 303);
  });
  r.post("/dashboard/sites/:id/delete", async (c) => {
    const s = await site(c);
    if (!s || c.get("session").user_id !== null) return notFound(c);
    if (!confirmed(c)) {
      return c.html(
        <DataPage ctx={ctx} c={c} site={s} error="Tick the box to confirm the deletion." />,
        400,
      );
    }
    await deleteSite(ctx, s.id, by(c));
    return c.redirect("/dashboard/", 303);
  });
  r.post("/dashboard/sites/:id/submissions/:sub/delete", async (c) => {
    const s = await site(c);
    if (!s) return notFound(c);
    const sub = await readSubmission(ctx, c.req.param("sub").slice(0, 100));
    if (!sub || sub.site_id !== s.id) return notFound(c);
    if (confirmed(c)) await deleteSubmission(ctx, sub.id, by(c));
    return c.redirect(
      `/dashboard/sites/${s.id}/submissions${confirmed(c) ? "" : `/${sub.id}`}`,
      303,
    );
  });
  r.post("/dashboard/sites/:id/email-log/:log/delete", async (c) => {
    const s = await site(c);
    if (!s) return notFound(c);
    const id = c.req.param("log").slice(0, 100);
    if (!(await readEmailLogItem(ctx, id, s.id))) return notFound(c);
    if (confirmed(c)) await deleteEmail(ctx, id, by(c));
    return c.redirect(`/dashboard/sites/${s.id}/email-log`, 303);
  });
  return r;
}
