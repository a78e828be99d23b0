/** Operator API: accounts. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  AccountCreate,
  AccountPatch,
  newAccount,
  patchAccount,
} from "../../domain/accounts/accounts.ts";
import { getAccount, listAccounts } from "../../domain/accounts/store.ts";
import { listSitesOfAccount } from "../../domain/sites/store.ts";
import { siteView } from "../../domain/sites/sites.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, limitParam, notFound } from "./body.ts";

export function accountRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.post(
    "/accounts",
    async (c) => c.json(await newAccount(ctx, await adminBody(c, AccountCreate)), 201),
  );
  r.get("/accounts", async (c) => c.json({ items: await listAccounts(ctx.kv, limitParam(c)) }));
  r.get("/accounts/:id", async (c) => {
    const a = await getAccount(ctx.kv, c.req.param("id"));
    if (!a) throw notFound("account");
    return c.json(a);
  });
  r.patch("/accounts/:id", async (c) => {
    const a = await patchAccount(ctx, c.req.param("id"), await adminBody(c, AccountPatch));
    if (!a) throw notFound("account");
    return c.json(a);
  });
  r.get("/accounts/:id/sites", async (c) => {
    if (!(await getAccount(ctx.kv, c.req.param("id")))) throw notFound("account");
    return c.json({ items: (await listSitesOfAccount(ctx.kv, c.req.param("id"))).map(siteView) });
  });
  return r;
}
