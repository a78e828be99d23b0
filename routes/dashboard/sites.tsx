/**
 * The landing page (the account's sites, site creation, the operator's account
 * switch), a site's page with its API keys, and its sending domains.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import { listAccounts } from "../../domain/accounts/accounts.ts";
import {
  issueApiKey,
  listApiKeysOfSite,
  listSitesOfAccount,
  newSite,
  revokeKey,
  rotateKey,
  SiteCreate,
} from "../../domain/sites/sites.ts";
import type { Site } from "../../domain/sites/schema.ts";
import {
  addSendingDomain,
  checkSendingDomain,
  listSendingDomainsOfSite,
  readSendingDomain,
  SendingDomainCreate,
  sendingDomainView,
} from "../../domain/sending_domains/sending_domains.ts";
import { switchAccount } from "../../domain/dashboard/sessions.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { Csrf, Notice, Page, ShownOnce, type Viewer } from "./layout.tsx";
import type { DashEnv } from "./session.ts";

export function viewerOf(c: Context<DashEnv>): Viewer {
  const s = c.get("session");
  return {
    label: s.user_id === null ? "Operator" : s.email ?? "",
    csrf: s.csrf,
    operator: s.user_id === null,
  };
}

/** The message of a validation or conflict error, for the page; other errors go on. */
export function problem(e: unknown): string {
  if (e instanceof ApiError && e.status < 500) {
    const details = (e.extra as { details?: { field: string; message: string }[] } | undefined)
      ?.details;
    if (details?.length) return details.map((d) => `${d.field}: ${d.message}`).join("; ");
    const message = (e.extra as { message?: string } | undefined)?.message;
    return message ?? e.code;
  }
  throw e;
}

export function notFound(c: Context<DashEnv>) {
  return c.html(
    <Page title="Not found" viewer={viewerOf(c)}>
      <h1>Not found</h1>
      <p>
        <a href="/dashboard/">Back to your sites</a>
      </p>
    </Page>,
    404,
  );
}

async function Landing(props: { ctx: Ctx; c: Context<DashEnv>; error?: string }) {
  const { ctx, c } = props;
  const s = c.get("session");
  const viewer = viewerOf(c);
  const sites = s.account_id ? (await listSitesOfAccount(ctx, s.account_id)) ?? [] : [];
  const accounts = s.user_id === null ? await listAccounts(ctx, { limit: 500 }) : [];
  return (
    <Page title="Sites" viewer={viewer}>
      {s.user_id === null && (
        <form method="post" action="/dashboard/account" class="actions">
          <Csrf token={s.csrf} />
          <label for="account">Account</label>
          <select id="account" name="account_id" required>
            {accounts.map((a) => (
              <option value={a.id} selected={a.id === s.account_id}>{a.name}</option>
            ))}
          </select>
          <button type="submit" class="secondary">Switch account</button>
        </form>
      )}
      <h1>Sites</h1>
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {s.account_id === null
        ? <p>Choose an account to see its sites.</p>
        : sites.length === 0
        ? <p>No sites yet.</p>
        : (
          <ul class="sites">
            {sites.map((site) => (
              <li>
                <a href={`/dashboard/sites/${site.id}`}>{site.name}</a> <small>{site.domain}</small>
                {site.disabled && (
                  <a href={`/dashboard/sites/${site.id}/blocks`} class="flag">
                    {site.disabled.automatic ? "disabled" : "disabled, needs review"}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      {s.account_id !== null && (
        <details open={sites.length === 0}>
          <summary>Create a site</summary>
          <form method="post" action="/dashboard/sites">
            <Csrf token={s.csrf} />
            <label for="site-name">Site name</label>
            <input id="site-name" name="name" required maxlength={200} />
            <label for="site-domain">Domain</label>
            <input id="site-domain" name="domain" required placeholder="example.com" />
            <label for="site-notify">Default notification email</label>
            <input id="site-notify" name="default_notify_email" type="email" />
            <button type="submit">Create site</button>
          </form>
        </details>
      )}
    </Page>
  );
}

/** A site's pages, in the order of its navigation: path under the site, link text. */
const SITE_PAGES: [string, string][] = [
  ["", "API keys"],
  ["/settings", "Settings"],
  ["/submissions", "Submissions"],
  ["/static-forms", "Static forms"],
  ["/email-log", "Email log"],
  ["/webhooks", "Webhooks"],
  ["/blocks", "Blocks"],
  ["/unsubscribes", "Unsubscribes"],
  ["/sending-domains", "Sending domains"],
  ["/inbound-domains", "Inbound"],
  ["/usage", "Usage"],
  ["/data", "Data"],
];

/** The links between a site's pages. */
export function SiteNav(props: { site: Site }) {
  const base = `/dashboard/sites/${props.site.id}`;
  return (
    <nav aria-label="Site">
      <ul>
        {SITE_PAGES.map(([path, label]) => (
          <li key={path}>
            <a href={`${base}${path}`}>{label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

async function SitePage(
  props: { ctx: Ctx; c: Context<DashEnv>; site: Site; newKey?: { id: string; api_key: string } },
) {
  const { ctx, c, site } = props;
  const csrf = c.get("session").csrf;
  const keys = await listApiKeysOfSite(ctx, site.id);
  const base = `/dashboard/sites/${site.id}`;
  return (
    <Page title={site.name} viewer={viewerOf(c)}>
      <hgroup>
        <h1>{site.name}</h1>
        <p>{site.domain} · {site.verified ? "verified" : "not verified"}</p>
      </hgroup>
      <SiteNav site={site} />
      <section>
        <h2>API keys</h2>
        {props.newKey && (
          <ShownOnce
            label="New API key"
            value={props.newKey.api_key}
            id="new-key"
          />
        )}
        <form method="post" action={`${base}/api-keys`}>
          <Csrf token={csrf} />
          <button type="submit">Create API key</button>
        </form>
        {keys.length > 0 && (
          <div class="overflow-auto">
            <table>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">State</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => (
                  <tr>
                    <td>
                      <code>{k.prefix}…</code>
                    </td>
                    <td>{k.created_at.slice(0, 16).replace("T", " ")}</td>
                    <td>{k.revoked_at ? "revoked" : k.rotated_at ? "rotated" : "active"}</td>
                    <td>
                      {!k.revoked_at && (
                        <div class="actions">
                          <form method="post" action={`${base}/api-keys/${k.id}/rotate`}>
                            <Csrf token={csrf} />
                            <button type="submit" class="secondary">Rotate</button>
                          </form>
                          <form method="post" action={`${base}/api-keys/${k.id}/revoke`}>
                            <Csrf token={csrf} />
                            <button type="submit" class="contrast">Revoke</button>
                          </form>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Page>
  );
}

async function DomainsPage(props: { ctx: Ctx; c: Context<DashEnv>; site: Site; error?: string }) {
  const { ctx, c, site } = props;
  const csrf = c.get("session").csrf;
  const domains = (await listSendingDomainsOfSite(ctx, site.id)).map((d) =>
    sendingDomainView(ctx.config, d)
  );
  const base = `/dashboard/sites/${site.id}/sending-domains`;
  return (
    <Page title={`Sending domains · ${site.name}`} viewer={viewerOf(c)}>
      <hgroup>
        <h1>Sending domains</h1>
        <p>{site.name}</p>
      </hgroup>
      <SiteNav site={site} />
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {domains.length === 0 && <p>No sending domains yet: mail goes out through the relay.</p>}
      {domains.map((d, i) => (
        <article>
          <header class="actions">
            <strong>{d.domain}</strong> <span>{d.status}</span>
            <small>
              last checked {d.last_checked_at ?? "never"}
              {d.last_check_error ? ` · ${d.last_check_error}` : ""}
            </small>
            <form method="post" action={`${base}/${d.id}/verify`}>
              <Csrf token={csrf} />
              <button type="submit">Verify</button>
            </form>
          </header>
          <p>From address: {d.from_address}</p>
          <div class="overflow-auto">
            <table>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Name</th>
                  <th scope="col">Value</th>
                  <th scope="col">
                    <span class="visually-hidden">Copy</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.dns_records.map((rec, j) => (
                  <tr>
                    <td>{rec.type}</td>
                    <td>
                      <code>{rec.name}</code>
                    </td>
                    <td class="wrap">
                      <code id={`rec-${i}-${j}`}>{rec.value}</code>
                    </td>
                    <td>
                      <button type="button" class="secondary outline" data-copy={`rec-${i}-${j}`}>
                        Copy
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </article>
      ))}
      <details open={domains.length === 0}>
        <summary>Add a sending domain</summary>
        <form method="post" action={base}>
          <Csrf token={csrf} />
          <label for="sd-domain">Domain</label>
          <input id="sd-domain" name="domain" required placeholder="mail.example.com" />
          <label for="sd-from">From address</label>
          <input id="sd-from" name="from_address" type="email" required />
          <button type="submit">Add domain</button>
        </form>
      </details>
    </Page>
  );
}

export function siteRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  r.get("/dashboard/", (c) => c.html(<Landing ctx={ctx} c={c} />));
  r.post("/dashboard/account", async (c) => {
    const id = c.get("form").account_id ?? "";
    await switchAccount(ctx, c.get("sessionToken"), c.get("session"), id);
    return c.redirect("/dashboard/", 303);
  });
  r.post("/dashboard/sites", async (c) => {
    const s = c.get("session");
    if (!s.account_id) return c.redirect("/dashboard/", 303);
    const f = c.get("form");
    try {
      const site = await newSite(
        ctx,
        parseOrThrow(SiteCreate, {
          account_id: s.account_id,
          name: f.name ?? "",
          domain: f.domain ?? "",
          default_notify_email: f.default_notify_email || null,
        }),
      );
      return c.redirect(`/dashboard/sites/${site.id}`, 303);
    } catch (e) {
      return c.html(<Landing ctx={ctx} c={c} error={problem(e)} />, 400);
    }
  });
  r.get("/dashboard/sites/:id", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    return c.html(<SitePage ctx={ctx} c={c} site={site} />);
  });
  r.post("/dashboard/sites/:id/api-keys", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const newKey = await issueApiKey(ctx, site.id);
    c.header("Cache-Control", "no-store");
    return c.html(<SitePage ctx={ctx} c={c} site={site} newKey={newKey} />, 201);
  });
  r.post("/dashboard/sites/:id/api-keys/:key/rotate", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const newKey = await rotateKey(ctx, site.id, c.req.param("key"));
    if (!newKey) return notFound(c);
    c.header("Cache-Control", "no-store");
    return c.html(<SitePage ctx={ctx} c={c} site={site} newKey={newKey} />);
  });
  r.post("/dashboard/sites/:id/api-keys/:key/revoke", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    if (!(await revokeKey(ctx, site.id, c.req.param("key")))) return notFound(c);
    return c.redirect(`/dashboard/sites/${site.id}`, 303);
  });
  r.get("/dashboard/sites/:id/sending-domains", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    return c.html(<DomainsPage ctx={ctx} c={c} site={site} />);
  });
  r.post("/dashboard/sites/:id/sending-domains", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const f = c.get("form");
    try {
      const input = parseOrThrow(SendingDomainCreate, {
        domain: f.domain ?? "",
        from_address: f.from_address ?? "",
      });
      await addSendingDomain(ctx, site.id, input);
      return c.redirect(`/dashboard/sites/${site.id}/sending-domains`, 303);
    } catch (e) {
      return c.html(<DomainsPage ctx={ctx} c={c} site={site} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sites/:id/sending-domains/:domain/verify", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site) return notFound(c);
    const d = await readSendingDomain(ctx, c.req.param("domain"));
    if (!d || d.site_id !== site.id) return notFound(c);
    await checkSendingDomain(ctx, d.id);
    return c.redirect(`/dashboard/sites/${site.id}/sending-domains`, 303);
  });
  return r;
}
