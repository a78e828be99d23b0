/**
 * A site's inbound domains (mail received at any address of the domain is
 * posted to its URL, signed with its secret): the list, the receiving URL,
 * and a new secret shown once. Adding a domain claims mail for it, so it is
 * the operator's (here, signed in as the operator, or the operator API).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { parseOrThrow } from "../../domain/kernel/validation.ts";
import {
  InboundDomainCreate,
  InboundDomainPatch,
  type InboundDomainView,
  listInboundDomainViews,
  newInboundDomain,
  patchInboundDomain,
  readInboundDomain,
  rotateInboundSecret,
} from "../../domain/inbound/domains.ts";
import type { Site } from "../../domain/sites/schema.ts";
import { siteOfSession } from "../../domain/dashboard/access.ts";
import { Csrf, Notice, Page, ShownOnce } from "./layout.tsx";
import type { DashEnv } from "./session.ts";
import { notFound, problem, SiteNav, viewerOf } from "./sites.tsx";

/** Inbound domains are few (one per receiving domain of the whole service). */
const LIST_LIMIT = 1000;

async function InboundPage(props: {
  ctx: Ctx;
  c: Context<DashEnv>;
  site: Site;
  secret?: { domain: string; secret: string };
  error?: string;
}) {
  const { ctx, c, site } = props;
  const s = c.get("session");
  const domains = (await listInboundDomainViews(ctx, LIST_LIMIT))
    .filter((d: InboundDomainView) => d.site_id === site.id);
  const base = `/dashboard/sites/${site.id}/inbound-domains`;
  return (
    <Page title={`Inbound domains · ${site.name}`} viewer={viewerOf(c)}>
      <hgroup>
        <h1>Inbound domains</h1>
        <p>{site.name}</p>
      </hgroup>
      <SiteNav site={site} />
      {props.error && <Notice kind="error">{props.error}</Notice>}
      {props.secret && (
        <ShownOnce
          id="inbound-secret"
          label={`Signing secret of ${props.secret.domain}`}
          value={props.secret.secret}
        />
      )}
      {domains.length === 0 ? <p>No inbound domains for this site.</p> : (
        <div class="overflow-auto">
          <table>
            <thead>
              <tr>
                <th scope="col">Domain</th>
                <th scope="col">Posted to</th>
                <th scope="col">Secret</th>
              </tr>
            </thead>
            <tbody>
              {domains.map((d) => (
                <tr>
                  <td>
                    <code>{d.domain}</code>
                  </td>
                  <td class="wrap">
                    <form method="post" action={`${base}/${d.id}`} class="actions">
                      <Csrf token={s.csrf} />
                      <label for={`url-${d.id}`} class="visually-hidden">
                        URL for {d.domain}
                      </label>
                      <input id={`url-${d.id}`} name="url" type="url" required value={d.url} />
                      <button type="submit" class="secondary">Save URL</button>
                    </form>
                  </td>
                  <td>
                    <form method="post" action={`${base}/${d.id}/rotate`}>
                      <Csrf token={s.csrf} />
                      <button type="submit" class="secondary outline">New secret</button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <small>
          Each message is POSTed as JSON with an <code>X-SVC-Signature</code>{" "}
          made with the domain's secret; the secret is shown once, when it is made.
        </small>
      </p>
      {s.user_id === null && (
        <form method="post" action={base}>
          <Csrf token={s.csrf} />
          <h2>Add an inbound domain</h2>
          <label for="in-domain">Domain</label>
          <input id="in-domain" name="domain" required maxlength={253} />
          <label for="in-url">URL to post messages to</label>
          <input id="in-url" name="url" type="url" required maxlength={2000} />
          <button type="submit">Add inbound domain</button>
        </form>
      )}
    </Page>
  );
}

export function inboundRoutes(ctx: Ctx) {
  const r = new Hono<DashEnv>();
  const mine = async (site: Site, id: string) => {
    const d = id.length <= 100 ? await readInboundDomain(ctx, id) : null;
    return d && d.site_id === site.id ? d : null;
  };
  r.get("/dashboard/sites/:id/inbound-domains", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    return site ? c.html(<InboundPage ctx={ctx} c={c} site={site} />) : notFound(c);
  });
  r.post("/dashboard/sites/:id/inbound-domains", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    if (!site || c.get("session").user_id !== null) return notFound(c);
    const f = c.get("form");
    try {
      const input = parseOrThrow(InboundDomainCreate, {
        domain: f.domain ?? "",
        url: f.url ?? "",
        site_id: site.id,
      });
      const d = await newInboundDomain(ctx, input);
      return c.html(
        <InboundPage ctx={ctx} c={c} site={site} secret={d} />,
        201,
      );
    } catch (e) {
      return c.html(<InboundPage ctx={ctx} c={c} site={site} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sites/:id/inbound-domains/:domain", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    const d = site && (await mine(site, c.req.param("domain")));
    if (!site || !d) return notFound(c);
    try {
      await patchInboundDomain(
        ctx,
        d.id,
        parseOrThrow(InboundDomainPatch, { url: c.get("form").url ?? "" }),
      );
      return c.redirect(`/dashboard/sites/${site.id}/inbound-domains`, 303);
    } catch (e) {
      return c.html(<InboundPage ctx={ctx} c={c} site={site} error={problem(e)} />, 400);
    }
  });
  r.post("/dashboard/sites/:id/inbound-domains/:domain/rotate", async (c) => {
    const site = await siteOfSession(ctx, c.get("session"), c.req.param("id"));
    const d = site && (await mine(site, c.req.param("domain")));
    if (!site || !d) return notFound(c);
    const rotated = await rotateInboundSecret(ctx, d.id);
    if (!rotated) return notFound(c);
    return c.html(
      <InboundPage
        ctx={ctx}
        c={c}
        site={site}
        secret={{ domain: d.domain, secret: rotated.secret }}
      />,
    );
  });
  return r;
}
