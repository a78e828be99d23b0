/**
 * One webhook: its URL and events (all, or a chosen list), pause/resume, a new
 * signing secret (shown once), delete, send a test, and the delivery log with
 * each attempt's status and duration, where dropped deliveries since a time
 * can be recovered (domain/webhooks/recover.ts).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  listDeliveriesOfWebhook,
  patchWebhook,
  readWebhook,
  removeWebhook,
  rotateWebhookSecret,
  sendTest,
  type TestResult,
  WebhookPatch,
  webhookView,
} from "../../domain/webhooks/webhooks.ts";
import { SUBSCRIBABLE_EVENT_TYPES } from "../../domain/webhooks/events.ts";
import { RecoverBody, recoverWebhook } from "../../domain/webhooks/recover.ts";
import { failingNotice } from "../../domain/webhooks/failing.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { Csrf, Notice, Page, ShownOnce } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, SiteNav, viewerOf } from "./sites.tsx";

/** The event list a form chose: "all", or each ticked `event:<type>`. */
export function eventsFromForm(f: Record<string, string>): string[] {
  if (f.all_events === "on") return ["all"];
  return SUBSCRIBABLE_EVENT_TYPES.filter((t) => f[`event:${t}`] === "on");
}

/** Checkboxes for the events of a webhook: All, or a choice (each one labelled). */
export function EventChoice(props: { events: string[]; idPrefix: string }) {
  const all = props.events.includes("all");
  return (
    <fieldset>
      <legend>Events</legend>
      <label for={`${props.idPrefix}-all`}>
        <input
          id={`${props.idPrefix}-all`}
          type="checkbox"
          name="all_events"
          checked={all}
        />
        All events (and event types added later)
      </label>
      <div class="event-grid">
        {SUBSCRIBABLE_EVENT_TYPES.map((t) => (
          <label for={`${props.idPrefix}-${t}`}>
            <input
              id={`${props.idPrefix}-${t}`}
              type="checkbox"
              name={`event:${t}`}
              checked={!all && props.events.includes(t)}
            />
            <code>{t}</code>
          </label>
        ))}
      </div>
      <small>Ticking "All events" overrides the list.</small>
    </fieldset>
  );
}

const DELIVERIES = 50;

async function WebhookPage(
  props: {
    ctx: Ctx;
    c: Context<DashEnv>;
    site: Site;
    hookId: string;
    test?: TestResult;
    error?: string;
    saved?: boolean;
    secret?: string;
    /** Dropped deliveries a recover just queued. */
    recovered?: number;
  },
) {
  const { ctx, site } = props;
  const w = (await readWebhook(ctx, props.hookId))!;
  const view = await webhookView(ctx, w);
  const deliveries = await listDeliveriesOfWebhook(ctx, w.id, { limit: DELIVERIES });
  const failing = await failingNotice(ctx, w);
  const t = props.test;
  const hookBase = `/dashboard/sites/${site.id}/webhooks/${w.id}`;
  const csrf = props.c.get("session").csrf;
  return (
    <Page title={`Webhook · ${site.name}`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>Webhook</h1>
        <p>
          <code>{view.url}</code> · {view.paused ? "paused" : "active"}
        </p>
      </hgroup>
      <SiteNav site={site} />
      {t && (
        <Notice kind={t.ok ? "ok" : "error"}>
          Test sent: {t.status === null ? `no answer (${t.error ?? "error"})` : `HTTP ${t.status}`}
          {" "}
          in {t.duration_ms} ms.
        </Notice>
      )}
      {failing && (
        <Notice kind="error">
          Every delivery has failed since {failing.since.slice(0, 16).replace("T", " ")}{" "}
          UTC; the account's users were emailed about it at{" "}
          {failing.notified_at!.slice(0, 16).replace("T", " ")}{" "}
          UTC. The webhook stays active (pause it below if you want); once the receiver answers,
          recover the dropped deliveries.
        </Notice>
      )}
      <p>
        Delivered {view.success_count}, failed {view.failure_count}; last status{" "}
        {view.last_status ?? "–"}.
      </p>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {props.saved && <Notice kind="ok">Saved.</Notice>}
      {props.recovered !== undefined && (
        <Notice kind="ok">
          {props.recovered === 0
            ? "No dropped deliveries to recover since then."
            : `Recovering ${props.recovered} dropped ${
              props.recovered === 1 ? "delivery" : "deliveries"
            }: each is delivered again (same event, new delivery id).`}
        </Notice>
      )}
      {props.secret && (
        <ShownOnce
          label="New signing secret"
          value={props.secret}
          id="new-secret"
        />
      )}
      <div class="actions">
        <form method="post" action={`/dashboard/sites/${site.id}/webhooks/${w.id}/test`}>
          <Csrf token={props.c.get("session").csrf} />
          <button type="submit" class="secondary">Send test</button>
        </form>
        <form
          method="post"
          action={`/dashboard/sites/${site.id}/webhooks/${w.id}/${
            view.paused ? "resume" : "pause"
          }`}
        >
          <Csrf token={props.c.get("session").csrf} />
          <button type="submit" class="secondary outline">
            {view.paused ? "Resume" : "Pause"}
          </button>
        </form>
      </div>
      <details>
        <summary>Events: {view.events.includes("all") ? "all" : view.events.join(", ")}</summary>
        <form method="post" action={`/dashboard/sites/${site.id}/webhooks/${w.id}/events`}>
          <Csrf token={props.c.get("session").csrf} />
          <EventChoice events={view.events} idPrefix="ev" />
          <button type="submit">Save events</button>
        </form>
      </details>
      <details>
        <summary>URL, secret, delete</summary>
        <form method="post" action={`${hookBase}/url`}>
          <Csrf token={csrf} />
          <label for="wh-url-edit">Endpoint URL</label>
          <input
            id="wh-url-edit"
            name="url"
            type="url"
            required
            maxlength={2000}
            value={view.url}
          />
          <small>
            A URL with <code>user:password@</code>{" "}
            is sent with Basic auth; the password is never shown.
          </small>
          <button type="submit" class="secondary">Save URL</button>
        </form>
        <div class="actions">
          <form method="post" action={`${hookBase}/rotate`}>
            <Csrf token={csrf} />
            <button type="submit" class="secondary outline">New signing secret</button>
          </form>
          <form method="post" action={`${hookBase}/delete`}>
            <Csrf token={csrf} />
            <button type="submit" class="contrast outline">Delete webhook</button>
          </form>
        </div>
      </details>
      <h2>Deliveries</h2>
      <form method="post" action={`${hookBase}/recover`} id="recover">
        <Csrf token={csrf} />
        <label for="recover-since">
          Deliver again every event dropped since (UTC)
        </label>
        <input
          id="recover-since"
          name="since"
          type="datetime-local"
          required
          value={new Date(ctx.clock.now() - 86_400_000).toISOString().slice(0, 16)}
        />
        <button type="submit" class="secondary">Recover dropped deliveries</button>
      </form>
      {deliveries.length === 0 ? <p>No deliveries yet.</p> : (
        <div class="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">State</th>
                <th scope="col">Attempts (status, duration)</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr>
                  <td>{d.event_type}</td>
                  <td>
                    {d.state}
                    {d.note ? ` (${d.note})` : ""}
                    {d.recovered_by ? " (recovered)" : ""}
                    {d.recovers ? " (recovery)" : ""}
                  </td>
                  <td class="wrap">
                    {d.attempts.map((a) =>
                      `#${a.n} ${a.status ?? a.error ?? "error"} ${a.duration_ms} ms`
                    ).join(" · ") || "none yet"}
                  </td>
                  <td>{d.created_at.slice(0, 16).replace("T", " ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

export function webhookLogRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  /** The site and the webhook, both the session's; null otherwise. */
  const both = async (c: Context<DashEnv>) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id") ?? "");
    if (!site) return null;
    const w = await readWebhook(ctx, (c.req.param("hook") ?? "").slice(0, 100));
    return w && w.site_id === site.id ? { site, w } : null;
  };
  r.get("/dashboard/sites/:id/webhooks/:hook", async (c) => {
    const found = await both(c);
    if (!found) return notFound(c);
    return c.html(<WebhookPage ctx={ctx} c={c} site={found.site} hookId={found.w.id} />);
  });
  r.post("/dashboard/sites/:id/webhooks/:hook/test", async (c) => {
    const found = await both(c);
    if (!found) return notFound(c);
    const test = await sendTest(ctx, found.w);
    return c.html(
      <WebhookPage ctx={ctx} c={c} site={found.site} hookId={found.w.id} test={test} />,
    );
  });
  r.post("/dashboard/sites/:id/webhooks/:hook/url", async (c) => {
    const found = await both(c);
    if (!found) return notFound(c);
    const page = (extra: { error?: string; saved?: boolean }, status: 200 | 400) =>
      c.html(
        <WebhookPage ctx={ctx} c={c} site={found.site} hookId={found.w.id} {...extra} />,
        status,
      );
    try {
      await patchWebhook(
        ctx,
        found.w.id,
        parseOrThrow(WebhookPatch, { url: c.get("form").url ?? "" }),
      );
      return page({ saved: true }, 200);
    } catch (e) {
      return page({ error: problem(e) }, 400);
    }
  });
  r.post("/dashboard/sites/:id/webhooks/:hook/rotate", async (c) => {
    const found = await both(c);
    if (!found) return notFound(c);
    const rotated = await rotateWebhookSecret(ctx, found.w.id);
    if (!rotated) return notFound(c);
    c.header("Cache-Control", "no-store");
    return c.html(
      <WebhookPage ctx={ctx} c={c} site={found.site} hookId={found.w.id} secret={rotated.secret} />,
    );
  });
  r.post("/dashboard/sites/:id/webhooks/:hook/recover", async (c) => {
    const found = await both(c);
    if (!found) return notFound(c);
    const page = (extra: { error?: string; recovered?: number }, status: 200 | 400) =>
      c.html(
        <WebhookPage ctx={ctx} c={c} site={found.site} hookId={found.w.id} {...extra} />,
        status,
      );
    try {
      // A datetime-local field has no zone: the form says UTC.
      const raw = (c.get("form").since ?? "").slice(0, 40);
      const since = /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(raw) ? `${raw}:00Z` : raw;
      const input = parseOrThrow(RecoverBody, { since });
      const out = await recoverWebhook(ctx, found.w.id, input.since);
      if (!out) return notFound(c);
      return page({ recovered: out.queued }, 200);
    } catch (e) {
      return page({ error: problem(e) }, 400);
    }
  });
  r.post("/dashboard/sites/:id/webhooks/:hook/delete", async (c) => {
    const found = await both(c);
    if (!found) return notFound(c);
    await removeWebhook(ctx, found.w.id);
    return c.redirect(`/dashboard/sites/${found.site.id}/webhooks`, 303);
  });
  r.post("/dashboard/sites/:id/webhooks/:hook/events", async (c) => {
    const found = await both(c);
    if (!found) return notFound(c);
    const page = (extra: { error?: string; saved?: boolean }, status: 200 | 400) =>
      c.html(
        <WebhookPage ctx={ctx} c={c} site={found.site} hookId={found.w.id} {...extra} />,
        status,
      );
    try {
      const input = parseOrThrow(WebhookPatch, { events: eventsFromForm(c.get("form")) });
      await patchWebhook(ctx, found.w.id, input);
      return page({ saved: true }, 200);
    } catch (e) {
      return page({ error: problem(e) }, 400);
    }
  });
  return r;
}
