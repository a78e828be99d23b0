/**
 * The route tables that the cross-cutting tests walk: authentication and
 * envelopes (tests/routes/api/auth_test.ts), robustness
 * (tests/robustness_test.ts) and tenant isolation. A capability that adds an
 * endpoint adds one line here and gets those tests for free.
 */
import type { Envelope } from "../../routes/types.ts";

export type KeyedRoute = {
  method: "GET" | "POST";
  /** Path under /api/v1, e.g. "sites/captcha". */
  path: string;
  envelope: Exclude<Envelope, "admin">;
  /** POST: the error for a body that is not JSON or not declared as JSON. */
  badJson?: string;
  /** Works with a disabled site's key (blocks/status and blocks/lift). */
  allowDisabled?: boolean;
  /** POST: a body that passes validation; its keys seed the robustness test's bodies. */
  body?: Record<string, unknown>;
};

export const KEYED_ROUTES: KeyedRoute[] = [
  // foundation
  { method: "GET", path: "sites/captcha", envelope: "plain" },
  {
    method: "POST",
    path: "sites/captcha",
    envelope: "plain",
    badJson: "invalid_json",
    body: { provider: "turnstile", site_key: "pk", secret_key: "sk" },
  },
  {
    method: "POST",
    path: "sites/verify",
    envelope: "plain",
    badJson: "invalid_json",
    body: { site_url: "https://example.com", plugin_ver: "1", wp_version: "6", php_version: "8" },
  },
  { method: "GET", path: "forms/render/contact", envelope: "plain" },
  { method: "GET", path: "forms", envelope: "plain" },
  // data stewardship: one person's data held for the key's site
  {
    method: "POST",
    path: "privacy/export",
    envelope: "plain",
    badJson: "invalid_json",
    body: { email: "ann@example.com" },
  },
  {
    method: "POST",
    path: "privacy/erase",
    envelope: "plain",
    badJson: "invalid_json",
    body: { email: "ann@example.com" },
  },
  { method: "GET", path: "blocks/status", envelope: "ok_false", allowDisabled: true },
  {
    method: "POST",
    path: "blocks/lift",
    envelope: "ok_false",
    badJson: "bad_body",
    allowDisabled: true,
    body: { kind: "ip", block_id: "01900000-0000-7000-8000-000000000000" },
  },
  // mail/send
  {
    method: "POST",
    path: "mail/send",
    envelope: "mail",
    badJson: "invalid_json",
    body: { to: "a@example.com", subject: "s", text: "t", data: { n: 1 } },
  },
  // mail/domain-status
  { method: "GET", path: "mail/domain-status", envelope: "ok_false_reason" },
  // forms/submit
  {
    method: "POST",
    path: "forms/submit",
    envelope: "plain",
    badJson: "invalid_json",
    body: {
      form_id: 1,
      fields: { name: "Ann", email: "ann@example.com", message: "Hello" },
      form_name: "Contact",
      notify_emails: ["owner@example.com"],
      visitor: { ip: "192.0.2.10", user_agent: "Mozilla/5.0", referrer: "https://example.com/" },
      confirm: { enabled: true, subject: "Thanks {name}", body: "<p>{field:message}</p>" },
    },
  },
  // sequences/enroll
  {
    method: "POST",
    path: "sequences/enroll",
    envelope: "ok_false_reason",
    badJson: "invalid_payload",
    body: { sequence: "welcome", email: "ann@example.com", data: { name: "Ann", n: 1 } },
  },
];

/** The exact error body of an envelope (spec: Errors > Envelope; DESIGN's readings). */
export function errorShape(envelope: KeyedRoute["envelope"], code: string) {
  switch (envelope) {
    case "plain":
      return { error: code };
    case "ok_false":
      return { ok: false, error: code };
    case "ok_false_reason":
      return { ok: false, error: code, reason: code };
    case "mail":
      return { ok: false, sent: false, reason: code, error: code };
  }
}

/**
 * Operator routes. Placeholders are filled by the test with seeded ids (or junk):
 * {account}, {site}, {key}, {form}, {block}, {email}, {hook}, {delivery}, {event}.
 */
export type AdminRoute = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  /** A valid body; its keys seed the robustness test's bodies. */
  body?: Record<string, unknown>;
};

export const ADMIN_ROUTES: AdminRoute[] = [
  // foundation: accounts, sites, API keys
  { method: "POST", path: "/accounts", body: { name: "A", monthly_email_limit: 10 } },
  { method: "GET", path: "/accounts" },
  { method: "GET", path: "/accounts/{account}" },
  { method: "PATCH", path: "/accounts/{account}", body: { name: "B", monthly_form_limit: 5 } },
  { method: "GET", path: "/accounts/{account}/sites" },
  {
    method: "POST",
    path: "/sites",
    body: { account_id: null, name: "S", domain: "robust.example.com" },
  },
  { method: "GET", path: "/sites" },
  { method: "GET", path: "/sites/{site}" },
  // deliverability: the relay's DNS records
  { method: "GET", path: "/relay" },
  {
    method: "PATCH",
    path: "/sites/{site}",
    body: {
      name: "S2",
      request_limit: { per_minute: 600, burst: 100 },
      tracking: { opens: true },
      retention_days: 30,
    },
  },
  { method: "POST", path: "/sites/{site}/disable", body: { automatic: true, reason: "r" } },
  { method: "POST", path: "/sites/{site}/enable" },
  { method: "POST", path: "/sites/{site}/api-keys" },
  { method: "GET", path: "/sites/{site}/api-keys" },
  { method: "POST", path: "/sites/{site}/api-keys/{key}/rotate" },
  { method: "DELETE", path: "/sites/{site}/api-keys/{key}" },
  // foundation: hosted forms
  {
    method: "POST",
    path: "/accounts/{account}/forms",
    body: {
      name: "F",
      slug: "f",
      fields: [{ name: "a", label: "A", type: "select", options: ["x"], required: true }],
      settings: { submit_label: "Go", card_wrap: true },
    },
  },
  { method: "GET", path: "/accounts/{account}/forms" },
  { method: "GET", path: "/forms/{form}" },
  { method: "PATCH", path: "/forms/{form}", body: { name: "F2", slug: "f2", fields: [] } },
  { method: "POST", path: "/forms/{form}/archive" },
  { method: "POST", path: "/forms/{form}/restore" },
  // static sites' form endpoints
  {
    method: "POST",
    path: "/sites/{site}/form-endpoints",
    body: { redirect_url: null, allowed_origins: ["https://robust.example.com"] },
  },
  { method: "GET", path: "/sites/{site}/form-endpoints" },
  {
    method: "PATCH",
    path: "/sites/{site}/form-endpoints/{endpoint}",
    body: {
      auto_reply: { enabled: true, subject: "Thanks {name}", body: "Got it.", from_name: "A" },
    },
  },
  { method: "DELETE", path: "/sites/{site}/form-endpoints/{endpoint}" },
  // foundation: IP blocks, suppressions, unsubscribes
  {
    method: "POST",
    path: "/ip-blocks",
    body: { ip: "192.0.2.1", reason: "manual", blocked_until: null, site_id: null, note: "n" },
  },
  { method: "GET", path: "/ip-blocks" },
  { method: "GET", path: "/ip-blocks/{block}" },
  { method: "POST", path: "/ip-blocks/{block}/lift" },
  { method: "POST", path: "/suppressions", body: { email: "a@example.com", reason: "manual" } },
  { method: "GET", path: "/suppressions" },
  { method: "GET", path: "/suppressions/{email}" },
  { method: "DELETE", path: "/suppressions/{email}" },
  { method: "POST", path: "/sites/{site}/unsubscribes", body: { email: "a@example.com" } },
  { method: "GET", path: "/sites/{site}/unsubscribes" },
  { method: "DELETE", path: "/sites/{site}/unsubscribes/{email}" },
  // webhooks (POST /webhooks/{id}/test is left out: it calls whatever URL a fuzzed PATCH set)
  {
    method: "POST",
    path: "/sites/{site}/webhooks",
    body: { url: "http://127.0.0.1:9/hook", events: ["form.submitted"] },
  },
  { method: "GET", path: "/sites/{site}/webhooks" },
  { method: "GET", path: "/webhooks/{hook}" },
  { method: "PATCH", path: "/webhooks/{hook}", body: { paused: true, events: ["all"] } },
  { method: "POST", path: "/webhooks/{hook}/rotate-secret" },
  { method: "GET", path: "/webhooks/{hook}/deliveries" },
  {
    method: "POST",
    path: "/webhooks/{hook}/recover",
    body: { since: "2026-01-01T00:00:00Z" },
  },
  { method: "GET", path: "/deliveries/{delivery}" },
  { method: "GET", path: "/sites/{site}/events" },
  { method: "GET", path: "/events/{event}" },
  { method: "DELETE", path: "/webhooks/{hook}" },
  // mail
  {
    method: "POST",
    path: "/accounts/{account}/templates",
    body: { name: "T", slug: "t", subject: "S {{x}}", html: "<p>{{x}}</p>", text: "x" },
  },
  { method: "GET", path: "/accounts/{account}/templates" },
  { method: "GET", path: "/starter-templates" },
  { method: "GET", path: "/templates/{template}" },
  { method: "PATCH", path: "/templates/{template}", body: { name: "T2", slug: "t2", html: null } },
  { method: "DELETE", path: "/templates/{template}" },
  { method: "GET", path: "/sites/{site}/email-log" },
  { method: "GET", path: "/sites/{site}/email-stats" },
  { method: "GET", path: "/emails/{log}" },
  { method: "POST", path: "/emails/{log}/spam" },
  { method: "POST", path: "/emails/{log}/ham" },
  { method: "GET", path: "/outbox" },
  // forms
  { method: "GET", path: "/sites/{site}/submissions" },
  { method: "GET", path: "/submissions/{submission}" },
  { method: "POST", path: "/submissions/{submission}/spam" },
  { method: "POST", path: "/submissions/{submission}/ham" },
  // the service-wide spam lists (issue 13, phase 8)
  { method: "GET", path: "/spam-lists/forms" },
  { method: "DELETE", path: "/spam-lists/forms/{entry}" },
  { method: "GET", path: "/spam-lists/mail" },
  { method: "DELETE", path: "/spam-lists/mail/{entry}" },
  { method: "GET", path: "/accounts/{account}/mail-marks" },
  { method: "DELETE", path: "/accounts/{account}/mail-marks" },
  // sequences
  {
    method: "POST",
    path: "/accounts/{account}/sequences",
    body: {
      key: "welcome",
      name: "Welcome",
      enabled: true,
      steps: [{ delay_seconds: 60, template: "welcome", subject: "Hi {{name}}" }],
    },
  },
  { method: "GET", path: "/accounts/{account}/sequences" },
  { method: "GET", path: "/sequences/{sequence}" },
  { method: "PATCH", path: "/sequences/{sequence}", body: { enabled: false, name: "W2" } },
  { method: "GET", path: "/sites/{site}/enrollments" },
  { method: "GET", path: "/enrollments/{enrollment}" },
  { method: "POST", path: "/enrollments/{enrollment}/stop" },
  // sending domains (POST .../check is left out: it queries DNS, which the fuzz would wait on)
  {
    method: "POST",
    path: "/sites/{site}/sending-domains",
    body: { domain: "mail.robust.example.com", from_address: "hi@mail.robust.example.com" },
  },
  { method: "GET", path: "/sites/{site}/sending-domains" },
  { method: "GET", path: "/sending-domains/{domain}" },
  {
    method: "PATCH",
    path: "/sending-domains/{domain}",
    body: { from_address: "x@robust.example.com" },
  },
  { method: "DELETE", path: "/sending-domains/{domain}" },
  // inbound: inbound domains, delivery reports
  {
    method: "POST",
    path: "/inbound-domains",
    body: { domain: "in.robust.example.com", url: "http://127.0.0.1:9/inbound", site_id: null },
  },
  { method: "GET", path: "/inbound-domains" },
  { method: "GET", path: "/inbound-domains/{inbound}" },
  {
    method: "PATCH",
    path: "/inbound-domains/{inbound}",
    body: { url: "http://127.0.0.1:9/inbound2", domain: "in2.robust.example.com" },
  },
  { method: "POST", path: "/inbound-domains/{inbound}/rotate-secret" },
  { method: "DELETE", path: "/inbound-domains/{inbound}" },
  { method: "GET", path: "/delivery-reports" },
  { method: "GET", path: "/delivery-reports/{report}" },
  { method: "GET", path: "/sites/{site}/delivery-reports" },
  // dashboard users and invitations
  {
    method: "POST",
    path: "/accounts/{account}/users",
    body: { email: "user@robust.example.com", password: "a long enough password" },
  },
  { method: "GET", path: "/accounts/{account}/users" },
  { method: "DELETE", path: "/accounts/{account}/users/{user}" },
  { method: "POST", path: "/accounts/{account}/invitations", body: { email: "i@example.com" } },
  { method: "GET", path: "/accounts/{account}/invitations" },
  { method: "DELETE", path: "/accounts/{account}/invitations/{invitation}" },
  // API ecosystem: the operator API's OpenAPI document
  { method: "GET", path: "/openapi.json" },
  // data stewardship: one person's data, then deletes (last: a site's deletion takes its records)
  { method: "GET", path: "/accounts/{account}/personal-data?email=gone%40example.com" },
  { method: "POST", path: "/accounts/{account}/personal-data/erase", body: { email: "a@b.co" } },
  { method: "DELETE", path: "/emails/{log}" },
  { method: "DELETE", path: "/submissions/{submission}" },
  { method: "DELETE", path: "/sites/{site}" },
  { method: "DELETE", path: "/accounts/{account}" },
];

/** Routes outside /api/v1 and /admin/api/v1 that take a bearer token (tests/routes/admin/metrics_test.ts). */
export const OPS_ROUTES: { method: "GET"; path: string }[] = [
  { method: "GET", path: "/metrics" },
];
