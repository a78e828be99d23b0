/**
 * A site's form endpoints for static sites (docs/static-forms.md): the list
 * with each endpoint's copy-paste HTML snippet, creation (a hosted form of the
 * account, the redirect, the origins a script may post from, the auto-reply),
 * the auto-reply's change, and deletion.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { listHostedFormsOfAccount } from "../../domain/forms/hosted.ts";
import {
  endpointUrl,
  listFormEndpoints,
  newFormEndpoint,
  patchFormEndpoint,
  removeFormEndpoint,
  snippetOf,
} from "../../domain/forms/endpoints.ts";
import {
  EndpointCreate,
  EndpointPatch,
  type FormEndpoint,
} from "../../domain/forms/endpoints_schema.ts";
import { Csrf, Notice, Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, SiteNav, viewerOf } from "./sites.tsx";

/** The auto-reply's fields, filled with `a` (JSX escapes every value). */
function AutoReplyFields(props: { p: string; a: FormEndpoint["auto_reply"] }) {
  const { p, a } = props;
  return (
    <fieldset>
      <legend>Auto-reply to the visitor (to the form's email field)</legend>
      <label for={`${p}-enabled`}>
        <input
          id={`${p}-enabled`}
          name="auto_reply_enabled"
          type="checkbox"
          checked={!!a?.enabled}
        />{" "}
        Send an auto-reply
      </label>
      <label for={`${p}-subject`}>Subject</label>
      <input
        id={`${p}-subject`}
        name="auto_reply_subject"
        maxlength={200}
        value={a?.subject ?? ""}
        placeholder="Thanks for your message, {name}"
      />
      <label for={`${p}-body`}>
        Body (placeholders: {"{name} {email} {form_name} {site_name} {site_domain} {field:KEY}"})
      </label>
      <textarea id={`${p}-body`} name="auto_reply_body" rows={4} maxlength={20000}>
        {a?.body ?? ""}
      </textarea>
      <label for={`${p}-from`}>From name</label>
      <input
        id={`${p}-from`}
        name="auto_reply_from_name"
        maxlength={120}
        value={a?.from_name ?? ""}
      />
    </fieldset>
  );
}

/** The auto-reply as posted by the dashboard's fields: none when nothing is ticked or filled. */
function autoReplyOfForm(f: Record<string, string>) {
  const enabled = f.auto_reply_enabled === "on";
  const subject = f.auto_reply_subject || null;
  const body = f.auto_reply_body || null;
  const from_name = f.auto_reply_from_name || null;
  if (!enabled && !subject && !body && !from_name) return null;
  return { enabled, subject, body, from_name };
}

async function EndpointsPage(props: { ctx: Ctx; c: Context<DashEnv>; site: Site; error?: string }) {
  const { ctx, c, site } = props;
  const s = c.get("session");
  const endpoints = (await listFormEndpoints(ctx, site.id)) ?? [];
  const snippets = await Promise.all(endpoints.map((e) => snippetOf(ctx, site, e)));
  const forms = site.account_id
    ? ((await listHostedFormsOfAccount(ctx, site.account_id)) ?? []).filter((f) => !f.archived)
    : [];
  const base = `/dashboard/sites/${site.id}/static-forms`;
  return (
    <Page title={`Static forms · ${site.name}`} viewer={viewerOf(c)}>
      <h1>Static forms</h1>
      <SiteNav site={site} />
      <p>
        A page on a static site (plain HTML, Hugo, Jekyll, Astro, ...) posts straight to a form
        endpoint: paste the snippet where the form should be.
      </p>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {endpoints.length === 0
        ? <p>No form endpoints yet.</p>
        : endpoints.map((e, i) => (
          <article id={`endpoint-${e.id}`}>
            <header>
              <code>{endpointUrl(ctx, e.id)}</code>
            </header>
            <p>
              Form: {e.form_slug ?? "any fields"} · after sending:{" "}
              {e.redirect_url ?? "a thank-you page"}
              {e.allowed_origins.length > 0
                ? ` · scripts from ${e.allowed_origins.join(", ")}`
                : ""}
            </p>
            <p>
              Auto-reply: {e.auto_reply?.enabled
                ? `on${e.auto_reply.subject ? ` · "${e.auto_reply.subject}"` : ""}`
                : "off"}
            </p>
            <label for={`snippet-${i}`}>HTML snippet</label>
            <textarea id={`snippet-${i}`} class="snippet" rows={14} readonly>
              {snippets[i]}
            </textarea>
            <details>
              <summary>Change the auto-reply</summary>
              <form method="post" action={`${base}/${e.id}/auto-reply`}>
                <Csrf token={s.csrf} />
                <AutoReplyFields p={`ar-${i}`} a={e.auto_reply} />
                <button type="submit">Save auto-reply</button>
              </form>
            </details>
            <form method="post" action={`${base}/${e.id}/delete`}>
              <Csrf token={s.csrf} />
              <button type="submit" class="secondary">Delete endpoint</button>
            </form>
          </article>
        ))}
      <h2>New endpoint</h2>
      <form method="post" action={base}>
        <Csrf token={s.csrf} />
        <label for="ep-form">Hosted form (its fields and rules)</label>
        <select id="ep-form" name="form">
          <option value="">Any fields</option>
          {forms.map((f) => <option key={f.id} value={f.slug}>{f.name}</option>)}
        </select>
        <label for="ep-redirect">Redirect after sending (on {site.domain}; optional)</label>
        <input id="ep-redirect" name="redirect_url" type="url" maxlength={2000} />
        <label for="ep-origins">Origins whose scripts may post (one per line; optional)</label>
        <textarea id="ep-origins" name="allowed_origins" rows={2}></textarea>
        <AutoReplyFields p="ep-ar" a={null} />
        <button type="submit">Create endpoint</button>
      </form>
    </Page>
  );
}

export function staticFormRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/sites/:id/static-forms", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    return c.html(<EndpointsPage ctx={ctx} c={c} site={site} />);
  });
  r.post("/dashboard/sites/:id/static-forms", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const f = c.get("form");
    try {
      const origins = (f.allowed_origins ?? "").split(/\s+/).filter((o) => o !== "");
      const input = parseOrThrow(EndpointCreate, {
        form: f.form || null,
        redirect_url: f.redirect_url || null,
        allowed_origins: origins,
        auto_reply: autoReplyOfForm(f),
      });
      await newFormEndpoint(ctx, site.id, input);
      return c.redirect(`/dashboard/sites/${site.id}/static-forms`, 303);
    } catch (e) {
      return c.html(<EndpointsPage ctx={ctx} c={c} site={site} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sites/:id/static-forms/:endpoint/auto-reply", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    try {
      const input = parseOrThrow(EndpointPatch, { auto_reply: autoReplyOfForm(c.get("form")) });
      const e = await patchFormEndpoint(ctx, site.id, c.req.param("endpoint").slice(0, 100), input);
      if (!e) return notFound(c);
      return c.redirect(`/dashboard/sites/${site.id}/static-forms`, 303);
    } catch (e) {
      return c.html(<EndpointsPage ctx={ctx} c={c} site={site} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sites/:id/static-forms/:endpoint/delete", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    if (!(await removeFormEndpoint(ctx, site.id, c.req.param("endpoint").slice(0, 100)))) {
      return notFound(c);
    }
    return c.redirect(`/dashboard/sites/${site.id}/static-forms`, 303);
  });
  return r;
}
