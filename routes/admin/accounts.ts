/** Operator API: accounts. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  AccountCreate,
  AccountPatch,
  listAccounts,
  newAccount,
  patchAccount,
  readAccount,
} from "../../domain/accounts/accounts.ts";
import { listSitesOfAccount, siteView } from "../../domain/sites/sites.ts";
import { deleteAccount } from "../../domain/privacy/account_deletion.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function accountRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post(
    "/accounts",
    async (c) => c.json(await newAccount(ctx, await adminBody(c, AccountCreate)), 201),
  );
  r.get(
    "/accounts",
    async (c) => c.json({ items: await listAccounts(ctx, { limit: limitParam(c) }) }),
  );
  // Gone at once; its sites and everything else it owns are swept by a durable job.
  r.delete("/accounts/:id", async (c) => {
    if (!(await deleteAccount(ctx, c.req.param("id"), "operator_api"))) throw notFound("account");
    return c.body(null, 204);
  });
  r.get("/accounts/:id", async (c) => {
    const a = await readAccount(ctx, c.req.param("id"));
    if (!a) throw notFound("account");
    return c.json(a);
  });
  r.patch("/accounts/:id", async (c) => {
    const a = await patchAccount(ctx, c.req.param("id"), await adminBody(c, AccountPatch));
    if (!a) throw notFound("account");
    return c.json(a);
  });
  r.get("/accounts/:id/sites", async (c) => {
    const sites = await listSitesOfAccount(ctx, c.req.param("id"));
    if (!sites) throw notFound("account");
    return c.json({ items: sites.map(siteView) });
  });
  return r;
}
