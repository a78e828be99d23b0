/**
 * A site's form submissions: a list paged by cursor (the id of the last row
 * shown, so the first page costs the same at 10 or 100,000 submissions) and one
 * submission's detail with its spam score and the rules that fired. The spam
 * folder is the list filtered to what was judged spam: "Not spam" there (or on
 * the detail page) sends the held notification once (domain/forms/release.ts).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { readSubmission } from "../../domain/forms/views.ts";
import { markSubmission } from "../../domain/forms/marks.ts";
import { sendNotificationAgain } from "../../domain/forms/release.ts";
import { CLASSIFICATIONS, searchSubmissions } from "../../domain/dashboard/search.ts";
import type { SubmissionView } from "../../domain/forms/views.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { submissionsCsv } from "../../domain/dashboard/export.ts";
import { downloadHeaders, siteSubmissionFile } from "../../domain/forms/uploads.ts";
import { Csrf, Page } from "./layout.tsx";
import { DeleteForm } from "./privacy.tsx";
import type { DashEnv } from "./session.ts";
import type { Session } from "../../domain/dashboard/sessions.ts";
import { notFound, SiteNav, viewerOf } from "./sites.tsx";

export const PAGE_SIZE = 25;

function when(iso: string): string {
  return iso.slice(0, 16).replace("T", " ");
}

/** The first field's value, shortened: enough to tell submissions apart in a list. */
function summary(s: SubmissionView): string {
  const first = Object.entries(s.fields).find(([, v]) => typeof v === "string" && v.trim());
  if (!first) return "";
  const text = `${first[0]}: ${first[1]}`;
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Who released a notification, as the record keeps it: the user's address, or the operator. */
function releaser(session: Session): string {
  return session.email ?? "the operator";
}

/** The class column: spam, and whether its notification was released since. */
function classText(s: SubmissionView): string {
  return s.released ? `${s.classification} (released)` : s.classification;
}

/** The notification's state in words. */
function notificationText(s: SubmissionView): string {
  // A send that failed temporarily: its retries tell what became of it.
  const n = s.notification;
  if (n?.status === "pending") return `notification pending, retry at ${when(n.retry_at)} UTC`;
  if (n?.status === "sent") return `sent at ${when(n.sent_at)} UTC (after a retry)`;
  if (n?.status === "failed") return `failed after ${n.attempts} attempts`;
  if (s.email_sent === true) return "sent";
  if (s.email_sent === false) return "failed";
  if (s.released) return "sending";
  return s.classification === "spam" ? "held (judged spam)" : "not sent";
}

function ListPage(
  props: {
    c: Context<DashEnv>;
    site: Site;
    items: SubmissionView[];
    next: string | null;
    q: string;
    classification: string;
  },
) {
  const { site, items } = props;
  const base = `/dashboard/sites/${site.id}/submissions`;
  const more = new URLSearchParams();
  if (props.q) more.set("q", props.q);
  if (props.classification) more.set("classification", props.classification);
  if (props.next) more.set("before", props.next);
  const folder = props.classification === "spam";
  const csrf = props.c.get("session").csrf;
  return (
    <Page title={`Submissions · ${site.name}`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>{folder ? "Spam folder" : "Submissions"}</h1>
        <p>{site.name}</p>
      </hgroup>
      <SiteNav site={site} />
      <p>
        {folder
          ? <a href={base}>All submissions</a>
          : <a href={`${base}?classification=spam`}>Spam folder</a>}
      </p>
      {folder && (
        <p id="folder-note">
          What was judged spam; its notification was held. <strong>Not spam</strong>{" "}
          sends that notification once, marked as released from the spam folder, and teaches this
          account's spam judgement.
        </p>
      )}
      <form method="get" action={base} role="search" class="actions">
        <label for="s-q">Search</label>
        <input id="s-q" name="q" type="search" value={props.q} maxlength={200} />
        <label for="s-class">Class</label>
        <select id="s-class" name="classification">
          <option value="">any</option>
          {CLASSIFICATIONS.map((k) => (
            <option key={k} value={k} selected={k === props.classification}>{k}</option>
          ))}
        </select>
        <button type="submit" class="secondary">Search</button>
      </form>
      <p>
        <a href={`${base}.csv`} download>Export CSV</a>
      </p>
      {items.length === 0 ? <p>No submissions.</p> : (
        <div class="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Form</th>
                <th scope="col">Class</th>
                <th scope="col">Score</th>
                <th scope="col">Content</th>
                <th scope="col">Mail</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr>
                  <td>
                    <a href={`${base}/${s.id}`}>{when(s.created_at)}</a>
                  </td>
                  <td>{s.form_name ?? String(s.form_id)}</td>
                  <td>{classText(s)}</td>
                  <td>{s.spam_score}</td>
                  <td class="wrap">{summary(s)}</td>
                  <td>
                    {s.classification === "spam" && !s.released && s.email_sent !== true
                      ? (
                        <form method="post" action={`${base}/${s.id}/mark/ham`}>
                          <Csrf token={csrf} />
                          <input type="hidden" name="back" value="folder" />
                          <button type="submit" class="secondary">Not spam</button>
                        </form>
                      )
                      : notificationText(s)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.next && (
        <p>
          <a href={`${base}?${more}`} rel="next">Older</a>
        </p>
      )}
    </Page>
  );
}

function DetailPage(props: { c: Context<DashEnv>; site: Site; s: SubmissionView }) {
  const { site, s } = props;
  return (
    <Page title={`Submission · ${site.name}`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>Submission</h1>
        <p>
          <a href={`/dashboard/sites/${site.id}/submissions`}>{site.name} submissions</a>
        </p>
      </hgroup>
      <dl class="facts">
        <dt>Received</dt>
        <dd>{when(s.created_at)}</dd>
        <dt>Form</dt>
        <dd>{s.form_name ?? String(s.form_id)}</dd>
        <dt>Classification</dt>
        <dd>{s.classification}</dd>
        <dt>Spam score</dt>
        <dd>{s.spam_score}</dd>
        <dt>Notification</dt>
        <dd>
          {notificationText(s)}
          {s.notify_to.length > 0 ? ` to ${s.notify_to.join(", ")}` : ""}
          {s.notification?.status === "failed" && (
            <form
              method="post"
              action={`/dashboard/sites/${site.id}/submissions/${s.id}/send-again`}
            >
              <Csrf token={props.c.get("session").csrf} />
              <button type="submit" class="secondary">Send again</button>
            </form>
          )}
        </dd>
        {s.released && (
          <>
            <dt>Released</dt>
            <dd id="released">
              from the spam folder {when(s.released.at)} by {s.released.by} (
              {s.released.channel === "dashboard" ? "dashboard" : "operator API"})
            </dd>
          </>
        )}
      </dl>
      <h2>Fields</h2>
      <div class="overflow-auto">
        <table>
          <tbody>
            {Object.entries(s.fields).map(([k, v]) => (
              <tr>
                <th scope="row">{k}</th>
                <td class="wrap">{typeof v === "string" ? v : JSON.stringify(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {s.files && s.files.length > 0 && (
        <>
          <h2>Files</h2>
          <ul id="files">
            {s.files.map((f, i) => (
              <li>
                <a href={`/dashboard/sites/${site.id}/submissions/${s.id}/files/${i}`}>{f.name}</a>
                {` (${f.content_type}, ${f.size} bytes, field ${f.field})`}
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>Spam rules that fired</h2>
      {s.spam_reasons.length === 0 ? <p>None.</p> : (
        <ul>
          {s.spam_reasons.map((r) => <li key={r.rule}>{r.rule} (+{r.points})</li>)}
        </ul>
      )}
      <p id="mark-note">
        {s.mark === null
          ? s.classification === "spam" && !s.released
            ? "Not marked yet. Not spam sends the held notification once and teaches this account's spam judgement; Mark as spam only teaches."
            : "Not marked yet. A mark teaches this account's spam judgement; it sends and deletes nothing."
          : `Marked as ${s.mark === "spam" ? "spam" : "not spam"}.`}
      </p>
      <div class="actions">
        <form method="post" action={`/dashboard/sites/${site.id}/submissions/${s.id}/mark/spam`}>
          <Csrf token={props.c.get("session").csrf} />
          <button type="submit" aria-describedby="mark-note">Mark as spam</button>
        </form>
        <form method="post" action={`/dashboard/sites/${site.id}/submissions/${s.id}/mark/ham`}>
          <Csrf token={props.c.get("session").csrf} />
          <button type="submit" class="secondary" aria-describedby="mark-note">Not spam</button>
        </form>
      </div>
      <DeleteForm
        action={`/dashboard/sites/${site.id}/submissions/${s.id}/delete`}
        csrf={props.c.get("session").csrf}
        what="this submission"
        id={s.id}
      />
    </Page>
  );
}

export function submissionRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/sites/:id/submissions", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const q = (c.req.query("q") ?? "").slice(0, 200);
    const classification = (c.req.query("classification") ?? "").slice(0, 20);
    const before = c.req.query("before")?.slice(0, 100);
    const { items, next } = await searchSubmissions(ctx, site.id, {
      q,
      classification,
      before,
      limit: PAGE_SIZE,
    });
    return c.html(
      <ListPage
        c={c}
        site={site}
        items={items}
        next={next}
        q={q}
        classification={classification}
      />,
    );
  });
  r.get("/dashboard/sites/:id/submissions.csv", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    // Pulled line by line as the client reads: never the whole export in memory.
    const body = ReadableStream.from(submissionsCsv(ctx, site.id))
      .pipeThrough(new TextEncoderStream());
    return c.body(body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="submissions-${site.id}.csv"`,
    });
  });
  r.get("/dashboard/sites/:id/submissions/:sub", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const s = await readSubmission(ctx, c.req.param("sub").slice(0, 100));
    if (!s || s.site_id !== site.id) return notFound(c);
    return c.html(<DetailPage c={c} site={site} s={s} />);
  });
  // A notification whose retries ended failed: a new round of attempts (mail/retry.ts).
  r.post("/dashboard/sites/:id/submissions/:sub/send-again", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const sub = c.req.param("sub").slice(0, 100);
    if (!(await sendNotificationAgain(ctx, site.id, sub))) return notFound(c);
    return c.redirect(`/dashboard/sites/${site.id}/submissions/${sub}`, 303);
  });
  r.get("/dashboard/sites/:id/submissions/:sub/files/:n", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const file = await siteSubmissionFile(ctx, site.id, c.req.param("sub"), c.req.param("n"));
    if (!file) return notFound(c);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, downloadHeaders(file));
  });
  // Akismet-style submit-spam / submit-ham (domain/forms/marks.ts): nothing is deleted; "not
  // spam" on a spam-judged submission sends its held notification once.
  for (const mark of ["spam", "ham"] as const) {
    r.post(`/dashboard/sites/:id/submissions/:sub/mark/${mark}`, async (c) => {
      const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
      if (!site) return notFound(c);
      const s = await readSubmission(ctx, c.req.param("sub").slice(0, 100));
      if (!s || s.site_id !== site.id) return notFound(c);
      const session = c.get("session");
      await markSubmission(ctx, s.id, mark, { by: releaser(session), channel: "dashboard" });
      const back = c.get("form")?.back === "folder"
        ? `/dashboard/sites/${site.id}/submissions?classification=spam`
        : `/dashboard/sites/${site.id}/submissions/${s.id}`;
      return c.redirect(back, 303);
    });
  }
  return r;
}
