/**
 * The public document: the v1 route table (public_api.ts), the documents'
 * own route and the webhook events (events.ts), as OpenAPI 3.1.
 */
import { buildDocument, type Operation } from "./openapi.ts";
import { webhookDefinitions } from "./events.ts";
import { PUBLIC_OPS } from "./public_api.ts";

/** The documents themselves, listed so the route check sees them. */
export const PUBLIC_DOC_OPS: Operation[] = [{
  method: "get",
  path: "/openapi.json",
  tag: "Documents",
  summary: "This document",
  envelope: "plain",
  answer: { type: "object", description: "An OpenAPI 3.1 document." },
  errors: [],
  public: true,
}];

export function publicDocument(): Record<string, unknown> {
  return buildDocument({
    title: "Form, Mail and Webhook Service: API v1",
    description: "Send email, accept form submissions and read a site's settings with the " +
      "site's API key (`svc_live_...`, or a `svc_test_...` sandbox key). Errors come in the " +
      "envelope each endpoint declares: `{error}` with no `ok` (forms/submit, sites/*, " +
      "forms/render), `{ok: false, error}` (blocks/*), `{ok: false, error, reason}` " +
      "(mail/domain-status, sequences/enroll) and `{ok: false, sent: false, reason, error}` " +
      "(mail/send). Webhook events are listed under webhooks; their signatures are explained " +
      "in docs/events.md and docs/api-ecosystem.md.",
    server: "/api/v1",
    securityName: "apiKey",
    securityScheme: {
      type: "apiKey",
      in: "header",
      name: "x-service-api-key",
      description: "The site's API key. Also accepted as x-service-alt-api-key or x-svc-api-key.",
    },
    tags: [
      { name: "Mail", description: "Send email; sending-domain status." },
      { name: "Forms", description: "Form submissions and hosted forms." },
      { name: "Sites", description: "Captcha settings and site verification." },
      { name: "Blocks", description: "IP blocks and disablement." },
      { name: "Sequences", description: "Follow-up sequences." },
      { name: "Documents", description: "This OpenAPI document." },
    ],
    ops: [...PUBLIC_OPS, ...PUBLIC_DOC_OPS],
    webhooks: webhookDefinitions(),
  });
}
