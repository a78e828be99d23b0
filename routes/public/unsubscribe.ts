/**
 * The unsubscribe page of the link in every email: GET shows a confirm page,
 * POST unsubscribes (RFC 8058 one-click from mail clients, and the page's
 * button). The rules are in domain/mail/engagement.ts. Every value shown is
 * HTML-escaped; bad or forged tokens get a 400/404 page, never a 500.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import type { AppEnv } from "../types.ts";
import { escapeHtml } from "../../domain/mail/render.ts";
import { unsubscribe, unsubscribeTarget } from "../../domain/mail/engagement.ts";
import { NO_STORE, page } from "./page.ts";

const BAD_LINK = {
  400: page(
    "This unsubscribe link is not valid",
    "<p>The link is incomplete or was changed. Please use the link from the email exactly as it was sent.</p>",
  ),
  404: page(
    "This unsubscribe link has expired",
    "<p>The sender of this email no longer exists, so there is nothing to unsubscribe from.</p>",
  ),
};

export function unsubscribeRoutes(ctx: Ctx) {
  const r = new Hono<AppEnv>();

  // The confirm page. GET never unsubscribes: link scanners fetch GETs.
  r.get("/u/:token", async (c) => {
    const token = c.req.param("token");
    const t = await unsubscribeTarget(ctx, token);
    if (!t.ok) return c.html(BAD_LINK[t.status], t.status, NO_STORE);
    const action = `/u/${encodeURIComponent(token)}?source=page`;
    return c.html(
      page(
        "Unsubscribe",
        `<p>Stop emails from <strong>${escapeHtml(t.site.name)}</strong> to <strong>${
          escapeHtml(t.email)
        }</strong>?</p>
<form method="post" action="${
          escapeHtml(action)
        }"><button type="submit">Unsubscribe</button></form>`,
      ),
      200,
      NO_STORE,
    );
  });

  // RFC 8058 one-click (mail clients POST "List-Unsubscribe=One-Click"), and the page's button.
  r.post("/u/:token", async (c) => {
    const source = c.req.query("source") === "page" ? "page" : "one_click";
    const out = await unsubscribe(ctx, c.req.param("token"), source);
    if (!out.ok) return c.html(BAD_LINK[out.status], out.status, NO_STORE);
    return c.html(
      page(
        "You are unsubscribed",
        `<p><strong>${escapeHtml(out.email)}</strong> will no longer get emails from <strong>${
          escapeHtml(out.site.name)
        }</strong>.</p>`,
      ),
      200,
      NO_STORE,
    );
  });
  return r;
}
