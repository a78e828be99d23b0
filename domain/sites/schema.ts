/**
 * What a site is: the record every API key acts for, its captcha and
 * disablement parts, and the one spelling of a registered domain. Kept apart
 * from the store so that routes and use cases can name a site without
 * reaching into KV.
 */
import { z } from "zod";
import type { Sealed } from "../kernel/crypto.ts";

/** A per-key request limit: `burst` requests at once, `per_minute` a minute on average. */
export const RequestLimit = z.object({
  per_minute: z.number().int().min(1).max(1_000_000),
  burst: z.number().int().min(1).max(100_000),
});
export type RequestLimitSetting = z.output<typeof RequestLimit>;

export const CAPTCHA_PROVIDERS = [
  "shared",
  "turnstile",
  "hcaptcha",
  "recaptcha",
  "recaptcha_v3",
  "none",
] as const;
export type CaptchaProvider = typeof CAPTCHA_PROVIDERS[number];

export type SiteCaptcha = {
  provider: CaptchaProvider;
  /** Public key saved by the caller (null for shared and none). */
  site_key: string | null;
  /** Secret key sealed with AES-256-GCM (AAD = site id); never returned. */
  secret: Sealed | null;
};

export type SiteDisabled = {
  /** true when the service disabled the site for abuse (then self-liftable). */
  automatic: boolean;
  reason: string | null;
  at: string;
};

export type Site = {
  id: string;
  account_id: string | null;
  name: string;
  /** Registered domain, lowercase. */
  domain: string;
  verified: boolean;
  /** Result of the latest verify call; null before the first. */
  domain_match: boolean | null;
  site_url: string | null;
  plugin_ver: string | null;
  wp_version: string | null;
  php_version: string | null;
  default_notify_email: string | null;
  default_from_name: string | null;
  captcha: SiteCaptcha;
  disabled: SiteDisabled | null;
  /** Open and click tracking of HTML mail (ours; default on). */
  tracking: { opens: boolean; clicks: boolean };
  /**
   * Per-key request limit (the spec's overview: 60 a minute with a small burst);
   * null = off, the default.
   */
  request_limit: RequestLimitSetting | null;
  /**
   * Days its submissions, email log, delivery reports and webhook deliveries
   * are kept (1..3650); null or absent (sites made before it): the service's
   * SVC_RETENTION_DAYS, and without it they are kept.
   */
  retention_days?: number | null;
  created_at: string;
  updated_at: string;
  /**
   * Never stored: set on the site a `svc_test_` key acts for (the sandbox,
   * domain/sites/auth.ts), so its mail goes to the outbox and its events
   * carry `test: true`.
   */
  sandbox?: true;
};

/** The one spelling of a registered domain: trimmed, lowercase, no trailing root dot. */
export function normalizeDomain(d: string): string {
  return d.trim().toLowerCase().replace(/\.$/, "");
}
