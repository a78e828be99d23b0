/**
 * The dashboard under /dashboard/: its assets, sign-in pages, and every page
 * behind a session. Its pages carry their own CSP (scripts from the service
 * only); security_headers.ts keeps it.
 */
import { privacyRoutes } from "./privacy.tsx";
import { Hono } from "hono";
import type { Ctx } from "../../domain/kernel/context.ts";
import { ApiError } from "../../domain/kernel/errors.ts";
import { readSession } from "../../domain/dashboard/sessions.ts";
import { assetRoutes } from "./assets.ts";
import { DASHBOARD_CSP } from "./layout.tsx";
import { type DashEnv, requireSession, sessionToken } from "./session.ts";
import { SignInPage, signInRoutes } from "./sign_in.tsx";
import { siteRoutes } from "./sites.tsx";
import { submissionRoutes } from "./submissions.tsx";
import { activityRoutes } from "./activity.tsx";
import { settingsRoutes } from "./settings.tsx";
import { formRoutes } from "./forms.tsx";
import { staticFormRoutes } from "./static_forms.tsx";
import { webhookLogRoutes } from "./webhook_log.tsx";
import { unsubscribeRoutes } from "./unsubscribes.tsx";
import { usageRoutes } from "./usage.tsx";
import { templateRoutes } from "./templates.tsx";
import { sequenceRoutes } from "./sequences.tsx";
import { inboundRoutes } from "./inbound.tsx";
import { emailLogRoutes } from "./emails.tsx";
import { teamRoutes } from "./team.tsx";

export function dashboardRoutes(ctx: Ctx) {
  const d = new Hono<DashEnv>();
  d.onError((err, c) => {
    if (err instanceof ApiError && err.status < 500) {
      return c.html(`<!doctype html><title>Error</title><p>${err.code}</p>`, err.status as 400);
    }
    ctx.log.error("dashboard error", { method: c.req.method, path: c.req.path, error: err });
    return c.html("<!doctype html><title>Error</title><p>Something went wrong.</p>", 500);
  });
  d.use("/dashboard/*", async (c, next) => {
    await next();
    // A page with a policy of its own (the sandboxed template preview) keeps it.
    if (!c.res.headers.has("Content-Security-Policy")) {
      c.header("Content-Security-Policy", DASHBOARD_CSP);
    }
    if (!c.req.path.startsWith("/dashboard/assets/")) c.header("Cache-Control", "no-store");
  });
  d.get("/dashboard", (c) => c.redirect("/dashboard/", 301));
  d.route("/", assetRoutes());
  d.route("/", signInRoutes(ctx));
  // Without a session the landing address shows the sign-in page itself.
  d.get("/dashboard/", async (c, next) => {
    if (await readSession(ctx, sessionToken(c))) return await next();
    return c.html(<SignInPage />);
  });
  d.use("/dashboard/*", requireSession(ctx));
  d.route("/", siteRoutes(ctx));
  d.route("/", submissionRoutes(ctx));
  d.route("/", activityRoutes(ctx));
  d.route("/", settingsRoutes(ctx));
  d.route("/", formRoutes(ctx));
  d.route("/", staticFormRoutes(ctx));
  d.route("/", webhookLogRoutes(ctx));
  d.route("/", unsubscribeRoutes(ctx));
  d.route("/", usageRoutes(ctx));
  d.route("/", templateRoutes(ctx));
  d.route("/", sequenceRoutes(ctx));
  d.route("/", inboundRoutes(ctx));
  d.route("/", emailLogRoutes(ctx));
  d.route("/", teamRoutes(ctx));
  d.route("/", privacyRoutes(ctx));
  return d;
}
