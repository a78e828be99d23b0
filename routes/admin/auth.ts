/** Operator API authentication: `Authorization: Bearer <SVC_ADMIN_TOKEN>`. */
import type { MiddlewareHandler } from "hono";
import type { Ctx } from "../../domain/context.ts";
import { ApiError } from "../../domain/errors.ts";
import { constantTimeEqual } from "../../domain/crypto.ts";
import type { AppEnv } from "../types.ts";

export function requireOperator(ctx: Ctx): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const h = c.req.header("authorization") ?? "";
    const m = /^Bearer\s+(.+)$/i.exec(h.trim());
    if (!m || !constantTimeEqual(m[1], ctx.config.adminToken)) {
      throw new ApiError("unauthorized", 401);
    }
    await next();
  };
}
