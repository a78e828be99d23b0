/**
 * Response headers that make browsers safer with what the service answers:
 * `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` on every
 * answer (JSON, images and redirects too: a click redirect must not hand its
 * token to the destination in Referer), and on HTML pages a strict
 * Content-Security-Policy and framing ban. A page that sets its own
 * Content-Security-Policy (say, with a nonce) keeps it. Over HTTPS (the
 * service's own TLS, or an https SVC_BASE_URL behind a proxy) also
 * Strict-Transport-Security, so a browser never tries plain HTTP again.
 */
import type { MiddlewareHandler } from "hono";

/**
 * For the service's HTML pages: no scripts, no outside resources, forms post
 * only back here, no framing. Inline styles are allowed: the pages carry a
 * <style> block and style attributes, and attributes could only be hashed with
 * 'unsafe-hashes'; with default-src 'none' and img-src 'self' a style cannot
 * load anything from elsewhere.
 */
export const HTML_CSP = [
  "default-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const EVERY_RESPONSE: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "no-referrer"],
];

/** One year, the value HSTS preload lists ask for; no includeSubDomains: the service cannot speak for its domain's other hosts. */
export const HSTS = "max-age=31536000";

function isHtml(contentType: string | null): boolean {
  return contentType !== null && /^\s*text\/html\s*(;|$)/i.test(contentType);
}

/** `httpsBase`: SVC_BASE_URL is https, so browsers reach the service over HTTPS even when a proxy terminates it. */
export const securityHeaders = (httpsBase: boolean): MiddlewareHandler => async (c, next) => {
  await next();
  let headers = c.res.headers;
  try {
    headers.set(EVERY_RESPONSE[0][0], EVERY_RESPONSE[0][1]);
  } catch {
    // Immutable headers (a Response.redirect or a fetched answer): copy once.
    c.res = new Response(c.res.body, c.res);
    headers = c.res.headers;
  }
  for (const [name, value] of EVERY_RESPONSE) headers.set(name, value);
  if (isHtml(headers.get("content-type"))) {
    if (!headers.has("content-security-policy")) headers.set("Content-Security-Policy", HTML_CSP);
    headers.set("X-Frame-Options", "DENY");
  }
  if (httpsBase || c.req.url.startsWith("https:")) headers.set("Strict-Transport-Security", HSTS);
};
