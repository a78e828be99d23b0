/**
 * Operator API authentication: `Authorization: Bearer <SVC_ADMIN_TOKEN>`.
 * Wrong tokens are counted per client address (domain/kernel/auth_guard.ts): an
 * address over the limit gets 429 for every operator call, a right token
 * included, until its block ends.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { constantTimeEqual } from "../../domain/kernel/crypto.ts";
import { failureLimiter } from "../../domain/kernel/auth_guard.ts";
import type { AppEnv } from "../types.ts";
import { clientAddress } from "../conn.ts";

function refused(c: Context<AppEnv>, seconds: number): ApiError {
  c.header("Retry-After", String(seconds));
  return new ApiError("rate_limited", 429, {
    message: "Too many failed authentications from this address; retry after Retry-After seconds.",
  });
}

export function requireOperator(ctx: Ctx): MiddlewareHandler<AppEnv> {
  const guard = failureLimiter(ctx, "admin");
  return async (c, next) => {
    const address = clientAddress(c);
    if (address !== null) {
      const wait = guard.retryAfter(address);
      if (wait > 0) throw refused(c, wait);
    }
    const h = c.req.header("authorization") ?? "";
    const m = /^Bearer\s+(.+)$/i.exec(h.trim());
    if (!m || !constantTimeEqual(m[1], ctx.config.adminToken)) {
      // A missing header guesses nothing; anything presented counts.
      if (address !== null && h.trim()) {
        const wait = guard.fail(address, h.trim());
        if (wait > 0) throw refused(c, wait);
      }
      throw new ApiError("unauthorized", 401);
    }
    await next();
  };
}
