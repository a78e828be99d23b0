/** Operator API: the shared relay's sender and the DNS records to publish for it. */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { relayView } from "../../domain/sending_domains/relay.ts";
import type { AppEnv } from "../types.ts";

export function relayRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get("/relay", (c) => c.json(relayView(ctx.config)));
  return r;
}
