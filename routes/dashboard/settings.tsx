/**
 * A site's settings: name, default notification address, default From name,
 * tracking; and its captcha provider (the secret is write-only: never shown).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import { patchSite, SitePatch } from "../../domain/sites/sites.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { CaptchaSave, captchaView, saveCaptcha } from "../../domain/forms/captcha_settings.ts";
import { CAPTCHA_PROVIDERS } from "../../domain/sites/schema.ts";
import { Csrf, Notice, Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, SiteNav, viewerOf } from "./sites.tsx";

const PROVIDER_LABELS: Record<string, string> = {
  none: "None",
  shared: "The service's shared Turnstile",
  turnstile: "Cloudflare Turnstile (your keys)",
  hcaptcha: "hCaptcha",
  recaptcha: "reCAPTCHA v2",
  recaptcha_v3: "reCAPTCHA v3",
};

function CaptchaForm(props: { ctx: Ctx; c: Context<DashEnv>; site: Site }) {
  const { site } = props;
  const view = captchaView(props.ctx, site);
  return (
    <section aria-labelledby="captcha-h">
      <h2 id="captcha-h">Captcha</h2>
      <form method="post" action={`/dashboard/sites/${site.id}/captcha`}>
        <Csrf token={props.c.get("session").csrf} />
        <label for="cap-provider">Captcha provider</label>
        <select id="cap-provider" name="provider">
          {CAPTCHA_PROVIDERS.map((p) => (
            <option value={p} selected={p === site.captcha.provider}>
              {PROVIDER_LABELS[p] ?? p}
            </option>
          ))}
        </select>
        <label for="cap-site-key">Site key</label>
        <input
          id="cap-site-key"
          name="site_key"
          maxlength={200}
          value={site.captcha.site_key ?? ""}
        />
        <label for="cap-secret">Secret key</label>
        <input
          id="cap-secret"
          name="secret_key"
          type="password"
          autocomplete="off"
          maxlength={500}
          aria-describedby="cap-secret-help"
        />
        <small id="cap-secret-help">
          {site.captcha.secret
            ? "A secret is saved (never shown); leave empty to keep it."
            : "Needed once for your own keys; stored encrypted."}
        </small>
        {view.widget_js && (
          <p>
            Widget script: <code>{view.widget_js}</code>
          </p>
        )}
        <button type="submit">Save captcha</button>
      </form>
    </section>
  );
}

function SettingsPage(
  props: { ctx: Ctx; c: Context<DashEnv>; site: Site; error?: string; saved?: boolean },
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
      <CaptchaForm ctx={props.ctx} c={props.c} site={site} />
    </Page>
  );
}

export function settingsRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/sites/:id/settings", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    return site ? c.html(<SettingsPage ctx={ctx} c={c} site={site} />) : notFound(c);
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
      return c.html(<SettingsPage ctx={ctx} c={c} site={updated} saved />);
    } catch (e) {
      return c.html(<SettingsPage ctx={ctx} c={c} site={site} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sites/:id/captcha", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const f = c.get("form");
    try {
      const input = parseOrThrow(CaptchaSave, {
        provider: f.provider ?? "",
        site_key: f.site_key || null,
        secret_key: f.secret_key || null,
      });
      const updated = await saveCaptcha(ctx, site.id, input);
      return c.html(<SettingsPage ctx={ctx} c={c} site={updated} saved />);
    } catch (e) {
      return c.html(<SettingsPage ctx={ctx} c={c} site={site} error={problem(e)} />, 400);
    }
  });
  return r;
}
