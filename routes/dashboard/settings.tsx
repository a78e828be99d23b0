/** A site's settings: name, default notification address, default From name, tracking. */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import { patchSite, SitePatch } from "../../domain/sites/sites.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { Csrf, Notice, Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, SiteNav, viewerOf } from "./sites.tsx";

function SettingsPage(
  props: { c: Context<DashEnv>; site: Site; error?: string; saved?: boolean },
) {
  const { site } = props;
  return (
    <Page title={`Settings · ${site.name}`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>Settings</h1>
        <p>{site.name}</p>
      </hgroup>
      <SiteNav site={site} />
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {props.saved && <Notice kind="ok">Saved.</Notice>}
      <form method="post" action={`/dashboard/sites/${site.id}/settings`}>
        <Csrf token={props.c.get("session").csrf} />
        <label for="set-name">Site name</label>
        <input id="set-name" name="name" required maxlength={200} value={site.name} />
        <label for="set-notify">Default notification email</label>
        <input
          id="set-notify"
          name="default_notify_email"
          type="email"
          value={site.default_notify_email ?? ""}
        />
        <label for="set-from">Default From name</label>
        <input
          id="set-from"
          name="default_from_name"
          maxlength={120}
          value={site.default_from_name ?? ""}
        />
        <fieldset>
          <legend>Tracking of HTML mail</legend>
          <label for="set-opens">
            <input
              id="set-opens"
              name="track_opens"
              type="checkbox"
              role="switch"
              checked={site.tracking.opens}
            />
            Track opens
          </label>
          <label for="set-clicks">
            <input
              id="set-clicks"
              name="track_clicks"
              type="checkbox"
              role="switch"
              checked={site.tracking.clicks}
            />
            Track clicks
          </label>
        </fieldset>
        <p>
          Domain: <strong>{site.domain}</strong> · {site.verified ? "verified" : "not verified"}
        </p>
        <button type="submit">Save settings</button>
      </form>
    </Page>
  );
}

export function settingsRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/sites/:id/settings", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    return site ? c.html(<SettingsPage c={c} site={site} />) : notFound(c);
  });
  r.post("/dashboard/sites/:id/settings", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const f = c.get("form");
    try {
      // Only these fields: the account a site belongs to is the operator's to change.
      const input = parseOrThrow(SitePatch, {
        name: f.name ?? "",
        default_notify_email: f.default_notify_email || null,
        default_from_name: f.default_from_name || null,
        tracking: { opens: f.track_opens === "on", clicks: f.track_clicks === "on" },
      });
      const updated = await patchSite(ctx, site.id, { ...input, account_id: undefined });
      if (!updated) return notFound(c);
      return c.html(<SettingsPage c={c} site={updated} saved />);
    } catch (e) {
      return c.html(<SettingsPage c={c} site={site} error={problem(e)} />, 400);
    }
  });
  return r;
}
