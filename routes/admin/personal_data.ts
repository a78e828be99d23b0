/** Operator API: export or erase everything an account holds about one address. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import {
  accountSiteIds,
  erasePersonalData,
  exportPersonalData,
  PersonalDataRequest,
} from "../../domain/privacy/personal_data.ts";
import type { AppEnv } from "../types.ts";
import { adminBody, adminQuery, notFound } from "./body.ts";

export function personalDataRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const sitesOf = async (id: string) => {
    const ids = await accountSiteIds(ctx, id);
    if (!ids) throw notFound("account");
    return ids;
  };
  r.get("/accounts/:id/personal-data", async (c) => {
    const sites = await sitesOf(c.req.param("id"));
    const { email } = adminQuery(c, PersonalDataRequest);
    return c.json(await exportPersonalData(ctx, sites, email));
  });
  r.post("/accounts/:id/personal-data/erase", async (c) => {
    const sites = await sitesOf(c.req.param("id"));
    const { email } = await adminBody(c, PersonalDataRequest);
    return c.json({ erased: await erasePersonalData(ctx, sites, email, "operator_api") });
  });
  return r;
}
