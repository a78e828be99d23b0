/**
 * A site's unsubscribes: list (with a search on the address), add, remove.
 * The service-wide suppression list spans every account, so it stays with the
 * operator API and is not shown here.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import {
  addressParam,
  listUnsubscribes,
  removeUnsubscribe,
  unsubscribe,
  UnsubscribeCreate,
} from "../../domain/suppressions/suppressions.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { Csrf, Notice, Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, SiteNav, viewerOf } from "./sites.tsx";

/** At most this many are read for one page (the search filters those). */
const LIMIT = 500;

async function UnsubscribesPage(
  props: { ctx: Ctx; c: Context<DashEnv>; site: Site; error?: string },
) {
  const { site, c } = props;
  const q = (c.req.query("q") ?? "").trim().toLowerCase().slice(0, 200);
  const all = await listUnsubscribes(props.ctx, site.id, { limit: LIMIT });
  const shown = q ? all.filter((u) => u.email.includes(q)) : all;
  const base = `/dashboard/sites/${site.id}/unsubscribes`;
  const csrf = c.get("session").csrf;
  return (
    <Page title={`Unsubscribes · ${site.name}`} viewer={viewerOf(c)}>
      <hgroup>
        <h1>Unsubscribes</h1>
        <p>{site.name}</p>
      </hgroup>
      <SiteNav site={site} />
      {props.error && <Notice kind="error">{props.error}</Notice>}
      <form method="get" action={base} role="search" class="actions">
        <label for="u-q">Search address</label>
        <input id="u-q" name="q" type="search" value={q} />
        <button type="submit" class="secondary">Search</button>
      </form>
      {shown.length === 0 ? <p>No unsubscribes{q ? " match" : ""}.</p> : (
        <div class="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Source</th>
                <th scope="col">Since</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((u) => (
                <tr>
                  <td>{u.email}</td>
                  <td>{u.source}</td>
                  <td>{u.created_at.slice(0, 10)}</td>
                  <td>
                    <form method="post" action={`${base}/remove`}>
                      <Csrf token={csrf} />
                      <input type="hidden" name="email" value={u.email} />
                      <button type="submit" class="secondary" aria-label={`Remove ${u.email}`}>
                        Remove
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form method="post" action={base}>
        <Csrf token={csrf} />
        <label for="u-add">Address to unsubscribe</label>
        <input id="u-add" name="email" type="email" required />
        <button type="submit">Add unsubscribe</button>
      </form>
    </Page>
  );
}

export function unsubscribeRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  const site = (c: Context<DashEnv>) =>
    siteOfSession(ctx, c.get("session"), c.req.param("id") ?? "");
  r.get("/dashboard/sites/:id/unsubscribes", async (c) => {
    const s = await site(c);
    return s ? c.html(<UnsubscribesPage ctx={ctx} c={c} site={s} />) : notFound(c);
  });
  r.post("/dashboard/sites/:id/unsubscribes", async (c) => {
    const s = await site(c);
    if (!s) return notFound(c);
    try {
      const { email } = parseOrThrow(UnsubscribeCreate, { email: c.get("form").email ?? "" });
      await unsubscribe(ctx, s.id, email);
      return c.redirect(`/dashboard/sites/${s.id}/unsubscribes`, 303);
    } catch (e) {
      return c.html(<UnsubscribesPage ctx={ctx} c={c} site={s} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sites/:id/unsubscribes/remove", async (c) => {
    const s = await site(c);
    if (!s) return notFound(c);
    const address = addressParam(c.get("form").email ?? "");
    if (address) await removeUnsubscribe(ctx, s.id, address);
    return c.redirect(`/dashboard/sites/${s.id}/unsubscribes`, 303);
  });
  return r;
}
