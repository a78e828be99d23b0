/**
 * Captcha verification with the site's saved provider (spec: POST /forms/submit,
 * rule 1). Every provider's siteverify takes a form-encoded POST of `secret`,
 * `response` and `remoteip` and answers JSON with `success` (reCAPTCHA v3 also a
 * `score`). Differences kept here:
 * - shared: Cloudflare Turnstile with the service's own secret
 *   (SVC_TURNSTILE_SECRET); turnstile: the site's own secret; both also send an
 *   `idempotency_key` (Turnstile accepts a retried check with the same key).
 * - hcaptcha: also sends `sitekey` when the site saved one (hCaptcha checks the
 *   token was issued for it).
 * - recaptcha / recaptcha_v3: Google's endpoint; v3 rejects a score under 0.5.
 *
 * Only a definite "invalid token" answer rejects. No token, provider none, a
 * provider that cannot be reached, times out (SVC_CAPTCHA_TIMEOUT_MS, default
 * 3 s), answers non-2xx or not JSON, or reports only its own or the secret's
 * problem (internal-error, invalid-input-secret, ...) lets processing continue:
 * a site owner's misconfigured secret must not silently swallow every real
 * submission.
 */
import type { Ctx } from "../kernel/context.ts";
import { unseal } from "../kernel/crypto.ts";
import type { Site } from "../sites/schema.ts";
import { readBounded } from "../kernel/net/bounded_body.ts";

export type CaptchaOutcome =
  /** The provider said the token is invalid (or a v3 score under 0.5). */
  | { result: "rejected"; detail: string }
  /** The provider accepted the token. */
  | { result: "passed" }
  /** Not checked: no token, provider none, or the check could not be done. */
  | { result: "skipped"; detail: string };

export const RECAPTCHA_V3_MIN_SCORE = 0.5;

/** Error codes that blame the secret or the provider, not the visitor's token. */
const NOT_THE_TOKEN = new Set([
  "missing-input-secret",
  "invalid-input-secret",
  "internal-error",
  "sitekey-secret-mismatch",
  "invalid-sitekey",
  "missing-input-sitekey",
  "bad-request",
  "invalid-keys",
  "not-using-dummy-passcode",
  "not-using-dummy-secret",
]);

type VerifyRequest = { url: string; params: Record<string, string>; v3: boolean };

/** What to post where, or why nothing is checked. */
export function verifyRequest(
  ctx: Ctx,
  site: Site,
  token: string,
  remoteIp: string | null,
): VerifyRequest | { skip: string } {
  const c = ctx.config;
  const provider = site.captcha.provider;
  if (provider === "none") return { skip: "provider none" };
  let secret: string;
  if (provider === "shared") {
    secret = c.SVC_TURNSTILE_SECRET;
  } else {
    if (!site.captcha.secret) return { skip: "no secret saved" };
    try {
      secret = unseal(c.encryptionKey, site.captcha.secret, site.id);
    } catch {
      return { skip: "saved secret cannot be unsealed" };
    }
  }
  const params: Record<string, string> = { secret, response: token };
  if (remoteIp) params.remoteip = remoteIp;
  switch (provider) {
    case "shared":
    case "turnstile":
      params.idempotency_key = crypto.randomUUID();
      return { url: c.SVC_TURNSTILE_VERIFY_URL, params, v3: false };
    case "hcaptcha":
      if (site.captcha.site_key) params.sitekey = site.captcha.site_key;
      return { url: c.SVC_HCAPTCHA_VERIFY_URL, params, v3: false };
    case "recaptcha":
      return { url: c.SVC_RECAPTCHA_VERIFY_URL, params, v3: false };
    case "recaptcha_v3":
      return { url: c.SVC_RECAPTCHA_VERIFY_URL, params, v3: true };
  }
}

/** Reads at most `max` bytes of a response body as text (null when larger). */
async function boundedText(res: Response, max: number): Promise<string | null> {
  const bytes = await readBounded(res.body, max);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

export async function verifyCaptcha(
  ctx: Ctx,
  site: Site,
  token: string | null,
  remoteIp: string | null,
): Promise<CaptchaOutcome> {
  if (!token) return { result: "skipped", detail: "no token" };
  const req = verifyRequest(ctx, site, token, remoteIp);
  if ("skip" in req) return { result: "skipped", detail: req.skip };
  const timeoutMs = ctx.config.SVC_CAPTCHA_TIMEOUT_MS;
  let answer: Record<string, unknown>;
  try {
    const res = await fetch(req.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(req.params).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    const text = await boundedText(res, 64 * 1024);
    if (!res.ok) return { result: "skipped", detail: `provider answered HTTP ${res.status}` };
    if (text === null) return { result: "skipped", detail: "provider answer too large" };
    const parsed = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || typeof parsed.success !== "boolean") {
      return { result: "skipped", detail: "provider answer has no success flag" };
    }
    answer = parsed;
  } catch (e) {
    const timedOut = e instanceof DOMException && e.name === "TimeoutError";
    ctx.log.warn("captcha provider unreachable", {
      provider: site.captcha.provider,
      site_id: site.id,
      error: timedOut ? `timed out after ${timeoutMs} ms` : String(e),
    });
    return {
      result: "skipped",
      detail: timedOut ? "provider timed out" : "provider unreachable",
    };
  }
  const codes = Array.isArray(answer["error-codes"])
    ? (answer["error-codes"] as unknown[]).map(String)
    : [];
  if (answer.success === true) {
    if (req.v3 && typeof answer.score === "number" && answer.score < RECAPTCHA_V3_MIN_SCORE) {
      return { result: "rejected", detail: `score ${answer.score} under 0.5` };
    }
    return { result: "passed" };
  }
  if (codes.length > 0 && codes.every((c) => NOT_THE_TOKEN.has(c))) {
    ctx.log.warn("captcha check not possible", {
      provider: site.captcha.provider,
      site_id: site.id,
      codes,
    });
    return { result: "skipped", detail: `provider error: ${codes.join(", ")}` };
  }
  return { result: "rejected", detail: codes.join(", ") || "invalid token" };
}
