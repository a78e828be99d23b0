/**
 * Answers of the operator API's main resources as zod schemas (accounts,
 * sites, API keys, webhooks), written once from the views the routes return
 * (the `*View` functions of domain/); the contract test holds them together. Other
 * resources are described in docs/operator-api.md.
 */
import { z } from "zod";

const iso = z.string().describe("ISO 8601 UTC");
const nullable = z.string().nullable();

export const AccountAnswer = z.object({
  id: z.string(),
  name: z.string(),
  monthly_email_limit: z.number().int().nullable(),
  monthly_form_limit: z.number().int().nullable(),
  created_at: iso,
  updated_at: iso,
});

export const SiteAnswer = z.object({
  id: z.string(),
  account_id: nullable,
  name: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  domain_match: z.boolean().nullable(),
  site_url: nullable,
  plugin_ver: nullable,
  wp_version: nullable,
  php_version: nullable,
  default_notify_email: nullable,
  default_from_name: nullable,
  captcha: z.object({
    provider: z.string(),
    site_key: nullable,
    has_secret: z.boolean(),
  }),
  disabled: z.object({}).loose().nullable(),
  tracking: z.object({ opens: z.boolean(), clicks: z.boolean() }),
  request_limit: z.object({}).loose().nullable(),
  created_at: iso,
  updated_at: iso,
});

const mode = z.enum(["live", "test"]);

export const ApiKeyCreated = z.object({
  id: z.string(),
  api_key: z.string().describe("svc_live_... or svc_test_...; shown only here"),
  mode,
});

export const ApiKeyList = z.object({
  items: z.array(z.object({
    id: z.string(),
    site_id: z.string(),
    prefix: z.string(),
    mode,
    created_at: iso,
    rotated_at: iso.nullable(),
    revoked_at: iso.nullable(),
  })),
});

export const WebhookAnswer = z.object({
  id: z.string(),
  site_id: z.string(),
  url: z.string(),
  has_credentials: z.boolean(),
  events: z.array(z.string()),
  paused: z.boolean(),
  standard_webhooks: z.boolean(),
  previous_secret_valid_until: iso.nullable(),
  success_count: z.number().int(),
  failure_count: z.number().int(),
  last_status: z.number().int().nullable(),
  last_attempt_at: iso.nullable(),
  created_at: iso,
  updated_at: iso,
});

export const WebhookCreated = WebhookAnswer.extend({
  secret: z.string().describe("whsec_ + base64 of 32 bytes; shown only here and by rotate-secret"),
});

export const WebhookList = z.object({ items: z.array(WebhookAnswer) });

export const SecretRotated = z.object({
  id: z.string(),
  secret: z.string(),
  previous_secret_valid_until: iso.nullable(),
});
