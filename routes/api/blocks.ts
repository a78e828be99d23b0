/**
 * GET /blocks/status and POST /blocks/lift. Both work with a disabled site's
 * key. Errors: `{ok: false, error}`; every body problem of lift is `bad_body`.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { blockStatus, liftBlock, parseLiftBody } from "../../domain/blocks/blocks.ts";
import { envelope } from "../errors.ts";
import { readJson } from "../body.ts";
import type { AppEnv } from "../types.ts";
import { requireSite } from "./auth.ts";

export function blockApiRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  const keyed = [envelope("ok_false"), requireSite(ctx, { allowDisabled: true })] as const;

  r.get("/blocks/status", ...keyed, async (c) => {
    return c.json({ ok: true, status: await blockStatus(ctx, c.get("site")) });
  });

  r.post("/blocks/lift", ...keyed, async (c) => {
    const req = parseLiftBody(await readJson(c, { badJson: "bad_body", tooLarge: "bad_body" }));
    return c.json({ ok: true, lifted: await liftBlock(ctx, c.get("site"), req) });
  });
  return r;
}
