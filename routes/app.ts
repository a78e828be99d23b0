/**
 * Builds the HTTP application from a context. Routing only: every route file
 * speaks HTTP and calls domain/ functions.
 */
import { Hono } from "hono";
import { RegExpRouter } from "hono/router/reg-exp-router";
import type { Ctx } from "../domain/kernel/context.ts";
import type { AppEnv } from "./types.ts";
import { envelope, errorHandler } from "./errors.ts";
import { securityHeaders } from "./security_headers.ts";
import { notFoundOrMethodNotAllowed } from "./method_not_allowed.ts";
import { requireOperator } from "./admin/auth.ts";
import { accountRoutes } from "./admin/accounts.ts";
import { siteRoutes } from "./admin/sites.ts";
import { boundedPath, boundedQuery } from "./admin/body.ts";
import { hostedFormRoutes } from "./admin/hosted_forms.ts";
import { formEndpointRoutes } from "./admin/form_endpoints.ts";
import { ipBlockRoutes } from "./admin/ip_blocks.ts";
import { suppressionRoutes } from "./admin/suppressions.ts";
import { siteApiRoutes } from "./api/sites.ts";
import { privacyApiRoutes } from "./api/privacy.ts";
import { formRenderRoutes } from "./api/forms_render.ts";
import { formListRoutes } from "./api/forms_list.ts";
import { blockApiRoutes } from "./api/blocks.ts";
import { webhookRoutes } from "./admin/webhooks.ts";
import { healthRoutes } from "./public/health.ts";
import { sendingDomainRoutes } from "./admin/sending_domains.ts";
import { relayRoutes } from "./admin/relay.ts";
import { domainStatusRoutes } from "./api/domain_status.ts";
import { sequenceRoutes } from "./admin/sequences.ts";
import { sequenceApiRoutes } from "./api/sequences.ts";
import { formsSubmitRoutes } from "./api/forms_submit.ts";
import { submissionRoutes } from "./admin/submissions.ts";
import { personalDataRoutes } from "./admin/personal_data.ts";
import { unsubscribeRoutes } from "./public/unsubscribe.ts";
import { trackingRoutes } from "./public/tracking.ts";
import { staticFormRoutes } from "./public/static_forms.ts";
import { mailAdminRoutes } from "./admin/mail.ts";
import { emailRoutes } from "./admin/emails.ts";
import { spamListRoutes } from "./admin/spam_lists.ts";
import { mailSendRoutes } from "./api/mail.ts";
import { inboundRoutes } from "./admin/inbound_domains.ts";
import { dashboardUserRoutes } from "./admin/dashboard_users.ts";
import { dashboardRoutes } from "./dashboard/app.tsx";
import { observe } from "./observe.ts";
import { metricsRoutes } from "./admin/metrics.ts";
import { apiDocRoutes } from "./public/api_docs.ts";
import { adminDocRoutes } from "./admin/api_docs.ts";

export function buildApp(ctx: Ctx): Hono<AppEnv> {
  // The RegExp router alone (one match per request, no trie search): a route it
  // cannot hold (a literal segment beside a parameter) throws here, at start,
  // instead of the default SmartRouter falling back to its TrieRouter for every
  // request. Sub-apps' routes are copied into this router when mounted.
  const app = new Hono<AppEnv>({ router: new RegExpRouter() });
  app.onError(errorHandler(ctx.log));
  app.notFound(notFoundOrMethodNotAllowed(app));
  app.use("*", observe(ctx));
  app.use("*", securityHeaders(ctx.config.SVC_BASE_URL.startsWith("https:")));

  // GET /metrics (Prometheus; the operator token or SVC_METRICS_TOKEN).
  app.route("/", metricsRoutes(ctx));

  // Public pages and probes (no key): /healthz, unsubscribe, open and click tracking.
  app.route("/", healthRoutes(ctx));
  app.route("/", unsubscribeRoutes(ctx));
  app.route("/", trackingRoutes(ctx));
  // Static sites' form endpoints (POST /f/{id}) and their uploads' download links.
  app.route("/", staticFormRoutes(ctx));
  // The OpenAPI documents and the reference page (/docs).
  app.route("/", apiDocRoutes());

  // Operator API (bearer token): the dashboard's backend.
  const admin = new Hono<AppEnv>();
  admin.use("*", envelope("admin"), requireOperator(ctx), boundedPath, boundedQuery);
  admin.route("/", accountRoutes(ctx));
  admin.route("/", siteRoutes(ctx));
  admin.route("/", hostedFormRoutes(ctx));
  admin.route("/", formEndpointRoutes(ctx));
  admin.route("/", ipBlockRoutes(ctx));
  admin.route("/", suppressionRoutes(ctx));
  admin.route("/", webhookRoutes(ctx));
  admin.route("/", mailAdminRoutes(ctx));
  admin.route("/", emailRoutes(ctx));
  admin.route("/", spamListRoutes(ctx));
  admin.route("/", submissionRoutes(ctx));
  admin.route("/", personalDataRoutes(ctx));
  admin.route("/", sequenceRoutes(ctx));
  admin.route("/", sendingDomainRoutes(ctx));
  admin.route("/", inboundRoutes(ctx));
  admin.route("/", relayRoutes(ctx));
  admin.route("/", dashboardUserRoutes(ctx));
  admin.route("/", adminDocRoutes());
  app.route("/admin/api/v1", admin);

  // Public API v1 (API key). Each route file declares its envelope and auth.
  const api = new Hono<AppEnv>();
  api.route("/", siteApiRoutes(ctx));
  api.route("/", privacyApiRoutes(ctx));
  api.route("/", formRenderRoutes(ctx));
  api.route("/", formListRoutes(ctx));
  api.route("/", blockApiRoutes(ctx));
  api.route("/", mailSendRoutes(ctx));
  api.route("/", domainStatusRoutes(ctx));
  api.route("/", formsSubmitRoutes(ctx));
  api.route("/", sequenceApiRoutes(ctx));
  app.route("/api/v1", api);

  // The dashboard (session cookie, its own pages and CSP).
  app.route("/", dashboardRoutes(ctx));

  return app;
}
