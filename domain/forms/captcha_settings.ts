/**
 * A site's captcha settings (spec: Captcha settings, GET and POST /sites/captcha):
 * the provider table, saving keys with the secret sealed under AES-256-GCM, and
 * the secret a submission check needs.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { ApiError } from "../kernel/errors.ts";
import { seal, unseal } from "../kernel/crypto.ts";
import { str } from "../kernel/validation.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import {
  CAPTCHA_PROVIDERS,
  type CaptchaProvider,
  type Site,
  type SiteCaptcha,
} from "../sites/schema.ts";
import { changeSite } from "../sites/sites.ts";

export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js";
export const HCAPTCHA_SCRIPT_URL = "https://js.hcaptcha.com/1/api.js";
export const RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/api.js";

type Widget = { widget_class: string; response_field: string };

/** The spec's "Values by provider" table (widget_js is computed, see widgetJs). */
const WIDGETS: Record<Exclude<CaptchaProvider, "none">, Widget> = {
  shared: { widget_class: "cf-turnstile", response_field: "cf-turnstile-response" },
  turnstile: { widget_class: "cf-turnstile", response_field: "cf-turnstile-response" },
  hcaptcha: { widget_class: "h-captcha", response_field: "h-captcha-response" },
  recaptcha: { widget_class: "g-recaptcha", response_field: "g-recaptcha-response" },
  recaptcha_v3: { widget_class: "g-recaptcha-v3", response_field: "g-recaptcha-response" },
};

/**
 * Script address per provider, as the spec's table gives it: both reCAPTCHA
 * versions load the same script. A v3 caller adds `?render=<site_key>` itself
 * (v3 only runs when loaded that way); the answer stays the table's value.
 */
function widgetJs(provider: Exclude<CaptchaProvider, "none">): string {
  switch (provider) {
    case "shared":
    case "turnstile":
      return TURNSTILE_SCRIPT_URL;
    case "hcaptcha":
      return HCAPTCHA_SCRIPT_URL;
    case "recaptcha":
    case "recaptcha_v3":
      return RECAPTCHA_SCRIPT_URL;
  }
}

/** The public view: what GET /sites/captcha answers (without ok). */
export type CaptchaView = {
  provider: CaptchaProvider;
  site_key: string | null;
  widget_js: string | null;
  widget_class: string | null;
  response_field: string | null;
};

export function captchaView(ctx: Ctx, site: Site): CaptchaView {
  const { provider } = site.captcha;
  if (provider === "none") {
    return { provider, site_key: null, widget_js: null, widget_class: null, response_field: null };
  }
  // shared uses the service's own widget key, whatever was saved before.
  const siteKey = provider === "shared" ? ctx.config.SVC_TURNSTILE_SITE_KEY : site.captcha.site_key;
  return {
    provider,
    site_key: siteKey,
    widget_js: widgetJs(provider),
    ...WIDGETS[provider],
  };
}

export const CaptchaSave = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS, {
    message: `must be one of ${CAPTCHA_PROVIDERS.join(", ")}`,
  }),
  // null is read as "not sent", like a missing field.
  site_key: str(200).nullish(),
  secret_key: str(500).nullish(),
});
export type CaptchaSaveInput = z.output<typeof CaptchaSave>;

/** A caller's blank value counts as not sent (forms often post empty inputs). */
function given(v: string | null | undefined): string | null {
  return v !== null && v !== undefined && v.trim() !== "" ? v : null;
}

/**
 * Saves the provider and keys (POST /sites/captcha). shared and none drop saved
 * keys; the others need a site_key, and a secret unless one is saved already (a
 * saved secret is kept when none is sent, also across a provider change).
 */
export async function saveCaptcha(
  ctx: Ctx,
  siteId: string,
  input: CaptchaSaveInput,
): Promise<Site> {
  const saved = await retryOnConflict(() =>
    changeSite(ctx, siteId, (site) => {
      let captcha: SiteCaptcha;
      if (input.provider === "shared" || input.provider === "none") {
        captcha = { provider: input.provider, site_key: null, secret: null };
      } else {
        const siteKey = given(input.site_key);
        if (siteKey === null) throw new ApiError("site_key_required", 400);
        const secret = given(input.secret_key);
        if (secret === null && site.captcha.secret === null) {
          throw new ApiError("secret_key_required_on_first_save", 400);
        }
        captcha = {
          provider: input.provider,
          site_key: siteKey,
          secret: secret === null ? site.captcha.secret : sealSecret(ctx, site.id, secret),
        };
      }
      return { ...site, captcha, updated_at: isoTime(ctx.clock.now()) };
    })
  );
  if (!saved) throw new ApiError("invalid_api_key", 401); // the site was deleted meanwhile
  return saved;
}

function sealSecret(ctx: Ctx, siteId: string, secret: string): string {
  try {
    // A fresh 96-bit nonce per call; the AAD binds the ciphertext to this site.
    return seal(ctx.config.encryptionKey, secret, siteId);
  } catch (e) {
    ctx.log.error("captcha secret could not be sealed", { siteId, error: e });
    throw new ApiError("encryption_failed", 500, {
      message: "The secret key could not be encrypted: the service's encryption key is " +
        "unusable (SVC_ENCRYPTION_KEY must be base64 of 32 bytes). Nothing was saved.",
    });
  }
}

/**
 * The secret to check a captcha token of this site with: the service's own for
 * shared, the saved one (unsealed) for the others, null for none or when no
 * secret is saved. Used by forms/submit.
 */
export function captchaSecret(ctx: Ctx, site: Site): string | null {
  const { provider, secret } = site.captcha;
  if (provider === "none") return null;
  if (provider === "shared") return ctx.config.SVC_TURNSTILE_SECRET;
  return secret === null ? null : unseal(ctx.config.encryptionKey, secret, site.id);
}
