/**
 * A site's email log: search (to, subject, source) and a status filter, paged
 * by cursor (`before` = the id of the last row shown), newest first. Each row
 * has the site owner's Mark as spam / Not spam buttons (domain/mail/marks.ts:
 * they teach the account's checks 11 and 12; nothing is resent or deleted).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import type { EmailLogItem } from "../../domain/mail/email_log.ts";
import { EMAIL_LOG_STATUSES, searchEmailLog } from "../../domain/dashboard/email_search.ts";
import { markEmail } from "../../domain/mail/marks.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { Csrf, Page } from "./layout.tsx";
import { DeleteForm } from "./privacy.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, SiteNav, viewerOf } from "./sites.tsx";

export const LOG_PAGE = 50;

function when(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace("T", " ") : "never";
}

const MARKED = { spam: "marked spam", ham: "marked not spam" } as const;

/** The row's subject, its mark and the two buttons (each a small form: works without script). */
function SubjectCell(props: { c: Context<DashEnv>; base: string; e: EmailLogItem; back: string }) {
  const { e } = props;
  const csrf = props.c.get("session").csrf;
  const button = (m: "spam" | "ham", label: string) => (
    <form method="post" action={`${props.base}/${e.id}/mark/${m}`} class="inline">
      <Csrf token={csrf} />
      <input type="hidden" name="back" value={props.back} />
      <button
        type="submit"
        class="secondary outline"
        aria-describedby={`subject-${e.id}`}
        disabled={e.mark === m}
      >
        {label}
      </button>
    </form>
  );
  return (
    <td class="wrap">
      <span id={`subject-${e.id}`}>{e.subject}</span>
      <div class="mark">
        {e.mark && <small>{MARKED[e.mark]}</small>}
        {button("spam", "Mark as spam")}
        {button("ham", "Not spam")}
        <DeleteForm
          action={`${props.base}/${e.id}/delete`}
          csrf={csrf}
          what="this record"
          id={e.id}
        />
      </div>
    </td>
  );
}

function EmailLogPage(props: {
  c: Context<DashEnv>;
  site: Site;
  items: EmailLogItem[];
  next: string | null;
  q: string;
  status: string;
  paged: boolean;
  /** This page's own query string (the buttons come back to it). */
  here: string;
}) {
  const { site, items } = props;
  const base = `/dashboard/sites/${site.id}/email-log`;
  const more = new URLSearchParams();
  if (props.q) more.set("q", props.q);
  if (props.status) more.set("status", props.status);
  if (props.next) more.set("before", props.next);
  return (
    <Page title={`Email log · ${site.name}`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>Email log</h1>
        <p>{site.name} · newest first</p>
      </hgroup>
      <SiteNav site={site} />
      <form method="get" action={base} role="search" class="actions">
        <label for="e-q">Search</label>
        <input id="e-q" name="q" type="search" value={props.q} maxlength={200} />
        <label for="e-status">Status</label>
        <select id="e-status" name="status">
          <option value="">any</option>
          {EMAIL_LOG_STATUSES.map((k) => (
            <option value={k} selected={k === props.status}>{k}</option>
          ))}
        </select>
        <button type="submit" class="secondary">Search</button>
      </form>
      {items.length === 0 ? <p>No emails{props.q || props.status ? " match" : " yet"}.</p> : (
        <>
          <p id="mark-note">
            A mark teaches this account's spam checks for its later mail (a refused newsletter
            marked "Not spam" goes out next time); it sends and deletes nothing.
          </p>
          <div class="overflow-auto">
            <table>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Source</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                  <th scope="col">Opens</th>
                  <th scope="col">Clicks</th>
                </tr>
              </thead>
              <tbody>
                {items.map((e) => (
                  <tr id={`log-${e.id}`}>
                    <td>{when(e.created_at)}</td>
                    <td>{e.source}{e.account_mail ? " (account mail)" : ""}</td>
                    <td>{e.to_first}</td>
                    <SubjectCell c={props.c} base={base} e={e} back={props.here} />
                    <td>{e.status}{e.reason ? ` (${e.reason})` : ""}</td>
                    <td>{e.opens}</td>
                    <td>{e.clicks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p class="actions">
        {props.paged && (
          <a
            href={`${base}${
              props.q || props.status
                ? `?${new URLSearchParams({ q: props.q, status: props.status })}`
                : ""
            }`}
          >
            Newest
          </a>
        )}
        {props.next && <a href={`${base}?${more}`} rel="next">Older</a>}
      </p>
    </Page>
  );
}

export function emailLogRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/sites/:id/email-log", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const q = (c.req.query("q") ?? "").slice(0, 200);
    const status = (c.req.query("status") ?? "").slice(0, 20);
    const before = c.req.query("before")?.slice(0, 100);
    const { items, next } = await searchEmailLog(ctx, site.id, {
      q,
      status,
      before,
      limit: LOG_PAGE,
    });
    return c.html(
      <EmailLogPage
        c={c}
        site={site}
        items={items}
        next={next}
        q={q}
        status={status}
        paged={before !== undefined}
        here={new URL(c.req.url).search.slice(0, 400)}
      />,
    );
  });
  // The site owner's mark (Akismet's submit-spam / submit-ham); a record of another site is 404.
  for (const mark of ["spam", "ham"] as const) {
    r.post(`/dashboard/sites/:id/email-log/:log/mark/${mark}`, async (c) => {
      const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
      if (!site) return notFound(c);
      const id = c.req.param("log").slice(0, 100);
      if (!(await markEmail(ctx, id, mark, { siteId: site.id }))) return notFound(c);
      // Back to the page the button was on (only this page's own query), at the row.
      const back = c.get("form").back ?? "";
      const query = /^\?[^#\s]{0,400}$/.test(back) ? back : "";
      return c.redirect(`/dashboard/sites/${site.id}/email-log${query}#log-${id}`, 303);
    });
  }
  return r;
}
