/** GET /api/v1/mail/domain-status: the site's sending domains and effective mode. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { domainStatus } from "../../domain/sending_domains/sending_domains.ts";
import type { AppEnv } from "../types.ts";
import { envelope } from "../errors.ts";
import { requireSite } from "./auth.ts";

export function domainStatusRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get(
    "/mail/domain-status",
    envelope("ok_false_reason"),
    requireSite(ctx),
    async (c) => c.json(await domainStatus(ctx, c.get("site"))),
  );
  return r;
}
