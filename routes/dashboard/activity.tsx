/**
 * A site's webhooks (add with their events, pause, resume) and blocks (lift
 * where the site may; the operator's review of blocks that need it). Each page checks the site against the session first.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import {
  listWebhooksOfSite,
  newWebhook,
  patchWebhook,
  readWebhook,
  WebhookCreate,
  webhookView,
} from "../../domain/webhooks/webhooks.ts";
import { blockStatus, enableSite, liftBlock, operatorLift } from "../../domain/blocks/blocks.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { Csrf, Notice, Page, ShownOnce } from "./layout.tsx";
import { EventChoice, eventsFromForm } from "./webhook_log.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, SiteNav, viewerOf } from "./sites.tsx";

function when(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace("T", " ") : "never";
}

async function WebhooksPage(
  props: { ctx: Ctx; c: Context<DashEnv>; site: Site; error?: string; secret?: string },
) {
  const { ctx, site } = props;
  const csrf = props.c.get("session").csrf;
  const hooks = await Promise.all(
    (await listWebhooksOfSite(ctx, site.id)).map((w) => webhookView(ctx, w)),
  );
  const base = `/dashboard/sites/${site.id}/webhooks`;
  return (
    <Page title={`Webhooks · ${site.name}`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>Webhooks</h1>
        <p>{site.name}</p>
      </hgroup>
      <SiteNav site={site} />
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {props.secret && <ShownOnce label="Signing secret" value={props.secret} id="new-secret" />}
      {hooks.length === 0 ? <p>No webhooks.</p> : (
        <div class="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Events</th>
                <th scope="col">State</th>
                <th scope="col">Delivered / failed</th>
                <th scope="col">Last status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {hooks.map((w) => (
                <tr>
                  <td class="wrap">
                    <a href={`${base}/${w.id}`}>
                      <code>{w.url}</code>
                    </a>
                  </td>
                  <td class="wrap">{w.events.length ? w.events.join(", ") : "all"}</td>
                  <td>{w.paused ? "paused" : "active"}</td>
                  <td>{w.success_count} / {w.failure_count}</td>
                  <td>{w.last_status ?? "–"} · {when(w.last_attempt_at)}</td>
                  <td>
                    <form method="post" action={`${base}/${w.id}/${w.paused ? "resume" : "pause"}`}>
                      <Csrf token={csrf} />
                      <button type="submit" class="secondary">
                        {w.paused ? "Resume" : "Pause"}
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <details open={hooks.length === 0}>
        <summary>Add a webhook</summary>
        <form method="post" action={base}>
          <Csrf token={csrf} />
          <label for="wh-url">Endpoint URL</label>
          <input id="wh-url" name="url" type="url" required placeholder="https://" />
          <EventChoice events={["all"]} idPrefix="wh-ev" />
          <button type="submit">Add webhook</button>
        </form>
      </details>
    </Page>
  );
}

async function BlocksPage(props: { ctx: Ctx; c: Context<DashEnv>; site: Site; error?: string }) {
  const { site } = props;
  const csrf = props.c.get("session").csrf;
  const operator = props.c.get("session").user_id === null;
  const status = await blockStatus(props.ctx, site);
  const base = `/dashboard/sites/${site.id}/blocks`;
  return (
    <Page title={`Blocks · ${site.name}`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>Blocks</h1>
        <p>{site.name}</p>
      </hgroup>
      <SiteNav site={site} />
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {status.headline ? <p>{status.headline}</p> : <p>No active blocks.</p>}
      {status.site_blocks.map((b) => (
        <article>
          <p>
            <strong>This site is disabled:</strong> {b.reason}
          </p>
          {b.selfLiftable
            ? (
              <form method="post" action={`${base}/site/lift`}>
                <Csrf token={csrf} />
                <button type="submit">Lift site block</button>
              </form>
            )
            : operator
            ? (
              <form method="post" action={`${base}/site/review`}>
                <Csrf token={csrf} />
                <p>This block needs the operator's review before the site is enabled again.</p>
                <label for="review-ok">
                  <input id="review-ok" name="reviewed" type="checkbox" required />{" "}
                  I reviewed this site and it may send again
                </label>
                <button type="submit">Enable site after review</button>
              </form>
            )
            : <p>Only the operator can lift this block after a review.</p>}
        </article>
      ))}
      {status.ip_blocks.length > 0 && (
        <div class="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">IP</th>
                <th scope="col">Reason</th>
                <th scope="col">Since</th>
                <th scope="col">Until</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {status.ip_blocks.map((b) => (
                <tr>
                  <td>
                    <code>{b.ip}</code>
                  </td>
                  <td>{b.reason}</td>
                  <td>{when(b.blockedAt)}</td>
                  <td>{b.blockedUntil ? when(b.blockedUntil) : "until lifted"}</td>
                  <td>
                    {b.selfLiftable && b.triggeredBySiteId === site.id
                      ? (
                        <form method="post" action={`${base}/ip/${b.id}/lift`}>
                          <Csrf token={csrf} />
                          <button type="submit">Lift</button>
                        </form>
                      )
                      : operator
                      ? (
                        <form method="post" action={`${base}/ip/${b.id}/operator-lift`}>
                          <Csrf token={csrf} />
                          <button type="submit" class="secondary">Lift (operator)</button>
                        </form>
                      )
                      : "operator only"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

export function activityRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  const site = (c: Context<DashEnv>) => siteOfSession(ctx, c.get("session"), c.req.param("id")!);
  r.get("/dashboard/sites/:id/webhooks", async (c) => {
    const s = await site(c);
    return s ? c.html(<WebhooksPage ctx={ctx} c={c} site={s} />) : notFound(c);
  });
  r.post("/dashboard/sites/:id/webhooks", async (c) => {
    const s = await site(c);
    if (!s) return notFound(c);
    try {
      const input = parseOrThrow(WebhookCreate, {
        url: c.get("form").url ?? "",
        events: eventsFromForm(c.get("form")),
      });
      const w = await newWebhook(ctx, s.id, input);
      c.header("Cache-Control", "no-store");
      return c.html(<WebhooksPage ctx={ctx} c={c} site={s} secret={w.secret} />, 201);
    } catch (e) {
      return c.html(<WebhooksPage ctx={ctx} c={c} site={s} error={problem(e)} />, 400);
    }
  });
  for (const action of ["pause", "resume"] as const) {
    r.post(`/dashboard/sites/:id/webhooks/:hook/${action}`, async (c) => {
      const s = await site(c);
      if (!s) return notFound(c);
      const w = await readWebhook(ctx, c.req.param("hook").slice(0, 100));
      if (!w || w.site_id !== s.id) return notFound(c);
      await patchWebhook(ctx, w.id, { paused: action === "pause" });
      return c.redirect(`/dashboard/sites/${s.id}/webhooks`, 303);
    });
  }
  r.get("/dashboard/sites/:id/blocks", async (c) => {
    const s = await site(c);
    return s ? c.html(<BlocksPage ctx={ctx} c={c} site={s} />) : notFound(c);
  });
  const lift = async (c: Context<DashEnv>, s: Site, req: Parameters<typeof liftBlock>[2]) => {
    try {
      await liftBlock(ctx, s, req);
      return c.redirect(`/dashboard/sites/${s.id}/blocks`, 303);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return notFound(c);
      return c.html(<BlocksPage ctx={ctx} c={c} site={s} error={problem(e)} />, 400);
    }
  };
  r.post("/dashboard/sites/:id/blocks/site/lift", async (c) => {
    const s = await site(c);
    return s ? await lift(c, s, { kind: "site" }) : notFound(c);
  });
  // The operator's review: a disable that needs it (requires_admin_review) ends here.
  r.post("/dashboard/sites/:id/blocks/site/review", async (c) => {
    const s = await site(c);
    if (!s || c.get("session").user_id !== null) return notFound(c);
    if (c.get("form").reviewed !== "on") {
      return c.html(
        <BlocksPage ctx={ctx} c={c} site={s} error="Tick the review box to enable the site." />,
        400,
      );
    }
    await enableSite(ctx, s.id);
    return c.redirect(`/dashboard/sites/${s.id}/blocks`, 303);
  });
  r.post("/dashboard/sites/:id/blocks/ip/:block/operator-lift", async (c) => {
    const s = await site(c);
    if (!s || c.get("session").user_id !== null) return notFound(c);
    try {
      const lifted = await operatorLift(ctx, c.req.param("block").slice(0, 80));
      if (!lifted) return notFound(c);
      return c.redirect(`/dashboard/sites/${s.id}/blocks`, 303);
    } catch (e) {
      return c.html(<BlocksPage ctx={ctx} c={c} site={s} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sites/:id/blocks/ip/:block/lift", async (c) => {
    const s = await site(c);
    if (!s) return notFound(c);
    return await lift(c, s, { kind: "ip", block_id: c.req.param("block").slice(0, 80) });
  });
  return r;
}
