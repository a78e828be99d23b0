/**
 * Templates of the session's account: the list with the starter templates
 * every account has, create, edit, delete, and a preview on sample data (the
 * subject and text on the page, the HTML in a sandboxed frame of its own: its
 * own CSP allows no script, no form, no request but images).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import {
  listTemplates,
  newTemplate,
  patchTemplate,
  removeTemplate,
  starterTemplateViews,
  TemplateCreate,
  TemplatePatch,
} from "../../domain/mail/templates.ts";
import {
  type PreviewSource,
  renderPreview,
  sampleData,
  starterBySlug,
  templateOfSession,
  variablesOf,
} from "../../domain/dashboard/templates.ts";
import { Csrf, Notice, Page } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, viewerOf } from "./sites.tsx";
import { servesRoutes } from "../method_not_allowed.ts";

/** The preview frame's own policy: the template's inline styles and remote images, nothing else. */
export const PREVIEW_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'";

/** Sample values typed by the user: query parameters `var_<name>`. */
function given(c: Context<DashEnv>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.req.query())) {
    if (k.startsWith("var_") && v.length <= 2000) out[k.slice(4)] = v;
  }
  return out;
}

function Fields(props: { t?: Partial<PreviewSource> & { name?: string; slug?: string } }) {
  const t = props.t ?? {};
  return (
    <>
      <div class="grid">
        <div>
          <label for="tpl-name">Name</label>
          <input id="tpl-name" name="name" required maxlength={200} value={t.name ?? ""} />
        </div>
        <div>
          <label for="tpl-slug">Slug</label>
          <input
            id="tpl-slug"
            name="slug"
            required
            maxlength={120}
            pattern="[a-z0-9\-]+"
            value={t.slug ?? ""}
          />
        </div>
      </div>
      <label for="tpl-subject">Subject</label>
      <input id="tpl-subject" name="subject" maxlength={500} value={t.subject ?? ""} />
      <label for="tpl-html">HTML</label>
      <textarea id="tpl-html" name="html" rows={10} class="code">{t.html ?? ""}</textarea>
      <label for="tpl-text">Text</label>
      <textarea id="tpl-text" name="text" rows={6} class="code">{t.text ?? ""}</textarea>
      <small>
        Variables: <code>{"{{name}}"}</code>; filled from the <code>data</code> of a send (
        <code>site_name</code>, <code>site_domain</code> and <code>unsubscribe_url</code>{" "}
        by the service).
      </small>
    </>
  );
}

function PreviewPanel(
  props: { c: Context<DashEnv>; t: PreviewSource; frame: string; self: string },
) {
  const vals = given(props.c);
  const data = sampleData(props.t, vals);
  const p = renderPreview(props.t, data);
  const vars = variablesOf(props.t);
  const qs = new URLSearchParams(Object.entries(vals).map(([k, v]) => [`var_${k}`, v]));
  return (
    <section aria-labelledby="preview-h">
      <h2 id="preview-h">Preview</h2>
      {vars.length > 0 && (
        <details>
          <summary>Sample data</summary>
          <form method="get" action={props.self}>
            {vars.map((v) => (
              <label for={`var-${v}`}>
                {v}
                <input id={`var-${v}`} name={`var_${v}`} value={String(data[v])} />
              </label>
            ))}
            <button type="submit" class="secondary">Preview with these values</button>
          </form>
        </details>
      )}
      <dl class="facts">
        <dt>Subject</dt>
        <dd>{p.subject || <em>(none)</em>}</dd>
      </dl>
      {p.html !== null && (
        <iframe
          class="preview"
          title="HTML preview"
          sandbox=""
          src={`${props.frame}${qs.size ? `?${qs}` : ""}`}
        >
        </iframe>
      )}
      <h3>Text</h3>
      <pre class="preview-text">{p.text}</pre>
    </section>
  );
}

async function TemplatesPage(props: { ctx: Ctx; c: Context<DashEnv>; error?: string }) {
  const s = props.c.get("session");
  const own = s.account_id ? await listTemplates(props.ctx, s.account_id) : [];
  return (
    <Page title="Templates" viewer={viewerOf(props.c)}>
      <h1>Templates</h1>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {!s.account_id && <p>Choose an account on the landing page first.</p>}
      <h2>Your templates</h2>
      {own.length === 0 ? <p>No templates of your own yet.</p> : (
        <ul>
          {own.map((t) => (
            <li>
              <a href={`/dashboard/templates/${t.id}`}>{t.name}</a> <code>{t.slug}</code>
            </li>
          ))}
        </ul>
      )}
      <h2>Starter templates</h2>
      <p>
        Every site can send these by slug; a template of yours with the same slug takes its place.
      </p>
      <ul>
        {starterTemplateViews().map((t) => (
          <li>
            <a href={`/dashboard/templates/starter/${t.slug}`}>{t.name}</a> <code>{t.slug}</code>
          </li>
        ))}
      </ul>
      {s.account_id && (
        <details open={!!props.error}>
          <summary>New template</summary>
          <form method="post" action="/dashboard/templates">
            <Csrf token={s.csrf} />
            <Fields />
            <button type="submit">Create template</button>
          </form>
        </details>
      )}
    </Page>
  );
}

function TemplatePage(props: {
  c: Context<DashEnv>;
  t: PreviewSource & { id: string; name: string; slug: string };
  error?: string;
  saved?: boolean;
}) {
  const { t, c } = props;
  const base = `/dashboard/templates/${t.id}`;
  return (
    <Page title={`${t.name} · Templates`} viewer={viewerOf(c)}>
      <hgroup>
        <h1>{t.name}</h1>
        <p>
          <a href="/dashboard/templates">Templates</a> · <code>{t.slug}</code>
        </p>
      </hgroup>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {props.saved && <Notice kind="ok">Saved.</Notice>}
      <PreviewPanel c={c} t={t} frame={`${base}/preview`} self={base} />
      <h2>Edit</h2>
      <form method="post" action={base}>
        <Csrf token={c.get("session").csrf} />
        <Fields t={t} />
        <button type="submit">Save template</button>
      </form>
      <form method="post" action={`${base}/delete`}>
        <Csrf token={c.get("session").csrf} />
        <button type="submit" class="secondary outline">Delete template</button>
      </form>
    </Page>
  );
}

function StarterPage(props: { c: Context<DashEnv>; slug: string }) {
  const t = starterBySlug(props.slug)!;
  const base = `/dashboard/templates/starter/${t.slug}`;
  const s = props.c.get("session");
  return (
    <Page title={`${t.name} · Templates`} viewer={viewerOf(props.c)}>
      <hgroup>
        <h1>{t.name}</h1>
        <p>
          <a href="/dashboard/templates">Templates</a> · starter template <code>{t.slug}</code>
        </p>
      </hgroup>
      <PreviewPanel c={props.c} t={t} frame={`${base}/preview`} self={base} />
      {s.account_id && (
        <form method="post" action={`${base}/copy`}>
          <Csrf token={s.csrf} />
          <button type="submit">Make it my template (to edit it)</button>
        </form>
      )}
    </Page>
  );
}

function formInput(f: Record<string, string>) {
  return {
    name: f.name ?? "",
    slug: f.slug ?? "",
    subject: f.subject || null,
    html: f.html || null,
    text: f.text || null,
  };
}

export function templateRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  const preview = (c: Context<DashEnv>, t: PreviewSource) => {
    const p = renderPreview(t, sampleData(t, given(c)));
    c.header("Content-Security-Policy", PREVIEW_CSP);
    return c.html(p.html ?? "");
  };
  r.get("/dashboard/templates", (c) => c.html(<TemplatesPage ctx={ctx} c={c} />));
  r.post("/dashboard/templates", async (c) => {
    const s = c.get("session");
    if (!s.account_id) return c.redirect("/dashboard/", 303);
    try {
      const t = await newTemplate(
        ctx,
        s.account_id,
        parseOrThrow(TemplateCreate, formInput(c.get("form"))),
      );
      return c.redirect(`/dashboard/templates/${t.id}`, 303);
    } catch (e) {
      return c.html(<TemplatesPage ctx={ctx} c={c} error={problem(e)} />, 400);
    }
  });
  // The starter pages (/dashboard/templates/starter/:slug[/preview|/copy]) and a template's own
  // (/dashboard/templates/:id[/preview|/delete]) share their first segment: Hono's RegExp router
  // holds no literal segment beside a parameter, so each depth has one route that dispatches on
  // its segments (a template's id is a UUID, never "starter"). `servesRoutes` gives the 405
  // answer the pages' own paths.
  const starterPage = (c: Context<DashEnv>, slug: string) =>
    starterBySlug(slug) ? c.html(<StarterPage c={c} slug={slug} />) : notFound(c);
  const starterPreview = (c: Context<DashEnv>, slug: string) => {
    const t = starterBySlug(slug);
    return t ? preview(c, t) : notFound(c);
  };
  const starterCopy = async (c: Context<DashEnv>, slug: string) => {
    const s = c.get("session");
    const t = starterBySlug(slug);
    if (!t || !s.account_id) return notFound(c);
    try {
      const own = await newTemplate(ctx, s.account_id, {
        name: t.name,
        slug: t.slug,
        subject: t.subject,
        html: t.html,
        text: t.text,
      });
      return c.redirect(`/dashboard/templates/${own.id}`, 303);
    } catch (e) {
      return c.html(<TemplatesPage ctx={ctx} c={c} error={problem(e)} />, 409);
    }
  };
  const ownPreview = async (c: Context<DashEnv>, id: string) => {
    const t = await templateOfSession(ctx, c.get("session"), id);
    return t ? preview(c, t) : notFound(c);
  };
  const ownDelete = async (c: Context<DashEnv>, id: string) => {
    const t = await templateOfSession(ctx, c.get("session"), id);
    if (!t) return notFound(c);
    await removeTemplate(ctx, t.id);
    return c.redirect("/dashboard/templates", 303);
  };
  r.get("/dashboard/templates/:id", async (c) => {
    const t = await templateOfSession(ctx, c.get("session"), c.req.param("id"));
    return t ? c.html(<TemplatePage c={c} t={t} />) : notFound(c);
  });
  r.post("/dashboard/templates/:id", async (c) => {
    const t = await templateOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!t) return notFound(c);
    try {
      const input = parseOrThrow(TemplatePatch, formInput(c.get("form")));
      const next = await patchTemplate(ctx, t.id, input);
      return next ? c.html(<TemplatePage c={c} t={next} saved />) : notFound(c);
    } catch (e) {
      return c.html(<TemplatePage c={c} t={t} error={problem(e)} />, 400);
    }
  });
  r.get(
    "/dashboard/templates/:id/:sub",
    servesRoutes<DashEnv>(
      async (c, next) => {
        const id = c.req.param("id")!, sub = c.req.param("sub")!;
        if (id === "starter") return starterPage(c, sub);
        return sub === "preview" ? await ownPreview(c, id) : await next();
      },
      ["/dashboard/templates/starter/:slug", "/dashboard/templates/:id/preview"],
    ),
  );
  r.post(
    "/dashboard/templates/:id/:sub",
    servesRoutes<DashEnv>(
      async (c, next) =>
        c.req.param("sub") === "delete" ? await ownDelete(c, c.req.param("id")!) : await next(),
      ["/dashboard/templates/:id/delete"],
    ),
  );
  r.get(
    "/dashboard/templates/:id/:sub/:action",
    servesRoutes<DashEnv>(
      async (c, next) =>
        c.req.param("id") === "starter" && c.req.param("action") === "preview"
          ? starterPreview(c, c.req.param("sub")!)
          : await next(),
      ["/dashboard/templates/starter/:slug/preview"],
    ),
  );
  r.post(
    "/dashboard/templates/:id/:sub/:action",
    servesRoutes<DashEnv>(
      async (c, next) =>
        c.req.param("id") === "starter" && c.req.param("action") === "copy"
          ? await starterCopy(c, c.req.param("sub")!)
          : await next(),
      ["/dashboard/templates/starter/:slug/copy"],
    ),
  );
  return r;
}
