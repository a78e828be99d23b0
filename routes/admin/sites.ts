/** Operator API: sites (including disable/enable and the request limit) and their API keys. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  ApiKeyCreate,
  issueApiKey,
  listApiKeysOfSite,
  listSites,
  newSite,
  patchSite,
  readSite,
  revokeKey,
  rotateKey,
  SiteCreate,
  SitePatch,
  siteView,
} from "../../domain/sites/sites.ts";
import { disableSite, enableSite, SiteDisable } from "../../domain/blocks/blocks.ts";
import { deleteSite } from "../../domain/privacy/site_deletion.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function siteRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const site = async (id: string) => {
    const s = await readSite(ctx, id);
    if (!s) throw notFound("site");
    return s;
  };

  r.post(
    "/sites",
    async (c) => c.json(siteView(await newSite(ctx, await adminBody(c, SiteCreate))), 201),
  );
  r.get(
    "/sites",
    async (c) => c.json({ items: (await listSites(ctx, { limit: limitParam(c) })).map(siteView) }),
  );
  r.get("/sites/:id", async (c) => c.json(siteView(await site(c.req.param("id")))));
  r.patch("/sites/:id", async (c) => {
    const s = await patchSite(ctx, c.req.param("id"), await adminBody(c, SitePatch));
    if (!s) throw notFound("site");
    return c.json(siteView(s));
  });
  // Gone at once; its parts are swept by a durable job.
  r.delete("/sites/:id", async (c) => {
    if (!(await deleteSite(ctx, c.req.param("id"), "operator_api"))) throw notFound("site");
    return c.body(null, 204);
  });

  r.post("/sites/:id/disable", async (c) => {
    const s = await disableSite(ctx, c.req.param("id"), await adminBody(c, SiteDisable));
    if (!s) throw notFound("site");
    return c.json(siteView(s));
  });
  r.post("/sites/:id/enable", async (c) => {
    const s = await enableSite(ctx, c.req.param("id"));
    if (!s) throw notFound("site");
    return c.json(siteView(s));
  });

  r.post("/sites/:id/api-keys", async (c) => {
    const s = await site(c.req.param("id"));
    // No body (with or without a Content-Type): a live key.
    const input = await adminBody(c, ApiKeyCreate);
    return c.json(await issueApiKey(ctx, s.id, input), 201);
  });
  r.get("/sites/:id/api-keys", async (c) => {
    const s = await site(c.req.param("id"));
    return c.json({ items: await listApiKeysOfSite(ctx, s.id) });
  });
  r.post("/sites/:id/api-keys/:keyId/rotate", async (c) => {
    const out = await rotateKey(ctx, c.req.param("id"), c.req.param("keyId"));
    if (!out) throw notFound("API key");
    return c.json(out);
  });
  r.delete("/sites/:id/api-keys/:keyId", async (c) => {
    if (!(await revokeKey(ctx, c.req.param("id"), c.req.param("keyId")))) throw notFound("API key");
    return c.body(null, 204);
  });
  return r;
}
