/**
 * Builds the HTTP application from a context. Routing only: every route file
 * speaks HTTP and calls domain/ functions.
 */
import { Hono } from "hono";
import type { Ctx } from "./domain/context.ts";
import type { AppEnv } from "./routes/types.ts";
import { envelope, errorHandler } from "./routes/errors.ts";
import { securityHeaders } from "./routes/security_headers.ts";
import { notFoundOrMethodNotAllowed } from "./routes/method_not_allowed.ts";
import { requireOperator } from "./routes/admin/auth.ts";
import { accountRoutes } from "./routes/admin/accounts.ts";
import { siteRoutes } from "./routes/admin/sites.ts";
import { boundedPath, boundedQuery } from "./routes/admin/body.ts";
import { hostedFormRoutes } from "./routes/admin/hosted_forms.ts";
import { ipBlockRoutes } from "./routes/admin/ip_blocks.ts";
import { suppressionRoutes } from "./routes/admin/suppressions.ts";
import { siteApiRoutes } from "./routes/api/sites.ts";
import { formRenderRoutes } from "./routes/api/forms_render.ts";
import { blockApiRoutes } from "./routes/api/blocks.ts";
import { webhookRoutes } from "./routes/admin/webhooks.ts";
import { healthRoutes } from "./routes/public/health.ts";
import { sendingDomainRoutes } from "./routes/admin/sending_domains.ts";
import { domainStatusRoutes } from "./routes/api/domain_status.ts";
import { sequenceRoutes } from "./routes/admin/sequences.ts";
import { sequenceApiRoutes } from "./routes/api/sequences.ts";
import { formsSubmitRoutes } from "./routes/api/forms_submit.ts";
import { submissionRoutes } from "./routes/admin/submissions.ts";
import { mailPublicRoutes } from "./routes/public/mail.ts";
import { mailAdminRoutes } from "./routes/admin/mail.ts";
import { mailSendRoutes } from "./routes/api/mail.ts";

export function buildApp(ctx: Ctx): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(ctx.log));
  app.notFound(notFoundOrMethodNotAllowed(app));
  app.use("*", securityHeaders);

  // Public pages and probes (no key).
  app.route("/", healthRoutes(ctx));
  // public: mail (unsubscribe, tracking)
  app.route("/", mailPublicRoutes(ctx));

  // Operator API (bearer token): the dashboard's backend.
  const admin = new Hono<AppEnv>();
  admin.use("*", envelope("admin"), requireOperator(ctx), boundedPath, boundedQuery);
  admin.route("/", accountRoutes(ctx));
  admin.route("/", siteRoutes(ctx));
  // admin: foundation
  admin.route("/", hostedFormRoutes(ctx));
  admin.route("/", ipBlockRoutes(ctx));
  admin.route("/", suppressionRoutes(ctx));

  // admin: webhooks
  admin.route("/", webhookRoutes(ctx));

  // admin: mail
  admin.route("/", mailAdminRoutes(ctx));

  // admin: forms
  admin.route("/", submissionRoutes(ctx));

  // admin: sequences
  admin.route("/", sequenceRoutes(ctx));

  // admin: sending domains
  admin.route("/", sendingDomainRoutes(ctx));

  app.route("/admin/api/v1", admin);

  // Public API v1 (API key). Each route file declares its envelope and auth.
  const api = new Hono<AppEnv>();
  // api: sites, forms/render, blocks
  api.route("/", siteApiRoutes(ctx));
  api.route("/", formRenderRoutes(ctx));
  api.route("/", blockApiRoutes(ctx));

  // api: mail/send
  api.route("/", mailSendRoutes(ctx));

  // api: mail/domain-status
  api.route("/", domainStatusRoutes(ctx));

  // api: forms/submit
  api.route("/", formsSubmitRoutes(ctx));

  // api: sequences/enroll
  api.route("/", sequenceApiRoutes(ctx));

  app.route("/api/v1", api);

  return app;
}
