/**
 * Unkeyed mail pages: unsubscribe (RFC 8058 one-click POST and a confirm page),
 * the open pixel and click redirects. Every value shown is HTML-escaped; bad or
 * forged tokens get a 400/404 page, never a 500.
 */
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import type { AppEnv } from "../types.ts";
import { escapeHtml } from "../../domain/mail/render.ts";
import {
  recordClick,
  recordOpen,
  unsubscribe,
  unsubscribeTarget,
} from "../../domain/mail/engagement.ts";

const GIF = Uint8Array.from(
  atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"),
  (c) => c.charCodeAt(0),
);

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:48px 16px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:8px;padding:32px;line-height:1.5}
button{background:#2563eb;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:16px;cursor:pointer}</style>
</head><body><main><h1 style="font-size:20px;margin-top:0">${
    escapeHtml(title)
  }</h1>${body}</main></body></html>`;
}

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

const NO_STORE = { "cache-control": "no-store", "x-robots-tag": "noindex" };

export function mailPublicRoutes(ctx: Ctx) {
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
