/**
 * Dashboard sessions over HTTP: the cookie, the session middleware, the CSRF
 * check (same origin and the session's token) and form bodies.
 */
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Ctx } from "../../domain/kernel/context.ts";
import { csrfMatches, readSession, type Session } from "../../domain/dashboard/sessions.ts";
import type { AppEnv } from "../types.ts";
import { readForm } from "../body.ts";

export const COOKIE = "svc_dashboard";

export type DashEnv = {
  Variables: AppEnv["Variables"] & {
    session: Session;
    sessionToken: string;
    /** The form body a POST was checked with (a body can be read once). */
    form: Record<string, string>;
  };
};

function secure(ctx: Ctx, c: Context): boolean {
  return ctx.config.SVC_BASE_URL.startsWith("https:") || new URL(c.req.url).protocol === "https:";
}

export function setSessionCookie(ctx: Ctx, c: Context, token: string, maxAgeMs: number) {
  setCookie(c, COOKIE, token, {
    path: "/dashboard",
    httpOnly: true,
    sameSite: "Lax",
    secure: secure(ctx, c),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, COOKIE, { path: "/dashboard" });
}

export function sessionToken(c: Context): string | undefined {
  return getCookie(c, COOKIE);
}

/**
 * A state-changing request comes from our own pages: its Origin names this
 * service. The service answers with `Referrer-Policy: no-referrer`, under which
 * browsers send `Origin: null` even for our own forms; then the browser's
 * `Sec-Fetch-Site` (which no page can set) must say same-origin. Without an
 * Origin at all (not a browser), a Sec-Fetch-Site present must not be foreign.
 */
export function sameOrigin(ctx: Ctx, c: Context): boolean {
  const origin = c.req.header("origin");
  const site = c.req.header("sec-fetch-site");
  if (origin === "null") return site === "same-origin";
  if (origin !== undefined) {
    const own = new Set([new URL(c.req.url).origin]);
    try {
      own.add(new URL(ctx.config.SVC_BASE_URL).origin);
    } catch { /* the config is checked at start */ }
    return own.has(origin);
  }
  return site === undefined || site === "same-origin" || site === "none";
}

/** A urlencoded or multipart form body as strings, bounded (routes/body.ts). */
export function formBody(c: Context): Promise<Record<string, string>> {
  return readForm(c);
}

function forbidden(c: Context) {
  return c.html(
    "<!doctype html><title>Forbidden</title><p>Forbidden: the request did not come from this dashboard. Reload the page and try again.</p>",
    403,
  );
}

/**
 * Requires a session: GET without one shows the sign-in page (by redirect),
 * anything else answers 401. POSTs must also pass the CSRF check, or 403 and
 * nothing runs. The checked form is left in `c.get("form")`.
 */
export function requireSession(ctx: Ctx): MiddlewareHandler<DashEnv> {
  return async (c, next) => {
    const token = sessionToken(c);
    const session = await readSession(ctx, token);
    if (c.req.method === "POST" && !sameOrigin(ctx, c)) return forbidden(c);
    if (!session || !token) {
      if (c.req.method === "GET" || c.req.method === "HEAD") return c.redirect("/dashboard/", 303);
      return c.html(
        '<!doctype html><title>Signed out</title><p>Your session ended. <a href="/dashboard/">Sign in</a> again.</p>',
        401,
      );
    }
    if (c.req.method === "POST") {
      const form = await formBody(c);
      if (!csrfMatches(session, form._csrf)) return forbidden(c);
      c.set("form", form);
    }
    c.set("session", session);
    c.set("sessionToken", token);
    await next();
  };
}
