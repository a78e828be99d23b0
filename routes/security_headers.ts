/**
 * Response headers that make browsers safer with what the service answers:
 * `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` on every
 * answer (JSON, images and redirects too: a click redirect must not hand its
 * token to the destination in Referer), and on HTML pages a strict
 * Content-Security-Policy and framing ban. A page that sets its own
 * Content-Security-Policy (say, with a nonce) keeps it.
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

function isHtml(contentType: string | null): boolean {
  return contentType !== null && /^\s*text\/html\s*(;|$)/i.test(contentType);
}

export const securityHeaders: MiddlewareHandler = async (c, next) => {
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
};
