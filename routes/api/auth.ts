/** API-key middleware for /api/v1 routes. */
import type { MiddlewareHandler } from "hono";
import type { Ctx } from "../../domain/context.ts";
import { authenticate, presentedKey } from "../../domain/auth.ts";
import type { AppEnv } from "../types.ts";

export function requireSite(
  ctx: Ctx,
  opts: { allowDisabled?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { site, keyId } = await authenticate(
      ctx,
      presentedKey((h) => c.req.header(h)),
      opts.allowDisabled ?? false,
    );
    c.set("site", site);
    c.set("apiKeyId", keyId);
    await next();
  };
}
