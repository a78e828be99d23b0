/**
 * Open and click tracking of HTML mail: the open pixel and the click
 * redirect (rules in domain/mail/engagement.ts, links in domain/mail/tracking.ts).
 * A forged token records nothing: the pixel answers 404, a click 400.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import type { AppEnv } from "../types.ts";
import { recordClick, recordOpen } from "../../domain/mail/engagement.ts";
import { NO_STORE, page } from "./page.ts";

const GIF = Uint8Array.from(
  atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  (c) => c.charCodeAt(0),
);

export function trackingRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();
  r.get("/t/o/:token", async (c) => {
    const ok = await recordOpen(ctx, c.req.param("token"));
    if (!ok) return c.body(null, 404, NO_STORE);
    return c.body(GIF, 200, { ...NO_STORE, "content-type": "image/gif" });
  });

  r.get("/t/c/:token", async (c) => {
    const url = await recordClick(ctx, c.req.param("token"), c.req.query("u") ?? "");
    if (!url) {
      return c.html(
        page("This link is not valid", "<p>The link was changed or is not part of an email.</p>"),
        400,
        NO_STORE,
      );
    }
    return c.redirect(url, 302);
  });
  return r;
}
