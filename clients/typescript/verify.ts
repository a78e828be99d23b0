/**
 * Receiver-side checks, with Web Crypto only (Deno, Node 18+, Bun, browsers):
 *
 * - `verifyWebhook(rawBody, headers, secret)`: a webhook event, signed with
 *   the spec's `X-SVC-Signature` (`sha256=` + hex HMAC-SHA256 of the raw body
 *   keyed with the whole `whsec_` secret; `X-SVC-Signature-Previous` during a
 *   secret rotation's grace period) or, for webhooks with Standard Webhooks
 *   on, `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`
 *   keyed with the base64-decoded part after `whsec_`) with its timestamp
 *   within a tolerance.
 * - `verifyInbound(rawBody, headers, secret)`: an email.inbound post, signed
 *   with the inbound domain's `svc_in_` secret.
 *
 * Signatures are compared in constant time. Pass the body exactly as
 * received: re-serialised JSON breaks the signature.
 */

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** A Fetch `Headers`, or a plain object such as Node's `req.headers`. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** The outer body of a webhook event (spec: Events). */
export type WebhookEvent = {
  id: string;
  type: string;
  created_at: string;
  site_id: string;
  /** Present when a svc_test_ sandbox key caused it. */
  test?: true;
  data: Record<string, unknown>;
};

export type VerifyOptions = {
  /** Standard Webhooks: largest distance of webhook-timestamp from now (default 300 s). */
  toleranceSeconds?: number;
  /** "now" in milliseconds (tests); default Date.now(). */
  now?: number;
  /**
   * Which scheme to accept: "standard" needs the webhook-* headers, "svc"
   * checks X-SVC-Signature only; default "any" (Standard Webhooks when its
   * headers are there, else X-SVC-Signature).
   */
  scheme?: "any" | "standard" | "svc";
};

const utf8 = new TextEncoder();

function header(h: HeaderSource, name: string): string | null {
  if (typeof (h as Headers).get === "function") return (h as Headers).get(name);
  const rec = h as Record<string, string | string[] | undefined>;
  const key = Object.keys(rec).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : rec[key];
  return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
}

function bytesOf(body: string | Uint8Array): Uint8Array {
  return typeof body === "string" ? utf8.encode(body) : body;
}

async function hmac(key: Uint8Array, parts: Uint8Array[]): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey(
    "raw",
    key as BufferSource,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    data.set(p, at);
    at += p.length;
  }
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, data as BufferSource));
}

/** Equal strings, in time that depends only on their lengths. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const base64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

function base64Decode(s: string): Uint8Array {
  const std = s.replace(/-/g, "+").replace(/_/g, "/");
  const padded = std + "=".repeat((4 - (std.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** `sha256=` + hex HMAC-SHA256 of the body keyed with the whole secret (the spec's scheme). */
export async function svcSignature(secret: string, body: string | Uint8Array): Promise<string> {
  return "sha256=" + hex(await hmac(utf8.encode(secret), [bytesOf(body)]));
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` (Standard Webhooks). */
export async function standardSignature(
  secret: string,
  id: string,
  timestamp: number | string,
  body: string | Uint8Array,
): Promise<string> {
  const key = base64Decode(secret.replace(/^whsec_/, ""));
  return "v1," + base64(await hmac(key, [utf8.encode(`${id}.${timestamp}.`), bytesOf(body)]));
}

/**
 * Checks a webhook delivery and returns its parsed body; throws
 * WebhookVerificationError when the signature (or, for Standard Webhooks,
 * the timestamp) does not hold.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  opts: VerifyOptions = {},
): Promise<WebhookEvent> {
  const scheme = opts.scheme ?? "any";
  const std = header(headers, "webhook-signature");
  if (scheme === "standard" || (scheme === "any" && std !== null)) {
    const id = header(headers, "webhook-id");
    const ts = header(headers, "webhook-timestamp");
    if (std === null || id === null || ts === null || !/^\d+$/.test(ts)) {
      throw new WebhookVerificationError("missing Standard Webhooks headers");
    }
    const now = Math.floor((opts.now ?? Date.now()) / 1000);
    if (Math.abs(now - Number(ts)) > (opts.toleranceSeconds ?? 300)) {
      throw new WebhookVerificationError("webhook-timestamp outside the tolerance");
    }
    const expected = await standardSignature(secret, id, ts, rawBody);
    // Several space-separated signatures during a rotation; any one may match.
    const ok = std.split(" ").map((s) => constantTimeEqual(s, expected)).includes(true);
    if (!ok) throw new WebhookVerificationError("no matching webhook-signature");
  } else {
    const expected = await svcSignature(secret, rawBody);
    const given = [header(headers, "x-svc-signature"), header(headers, "x-svc-signature-previous")]
      .filter((v): v is string => v !== null);
    if (given.length === 0) throw new WebhookVerificationError("missing X-SVC-Signature");
    if (!given.map((g) => constantTimeEqual(g, expected)).includes(true)) {
      throw new WebhookVerificationError("X-SVC-Signature does not match");
    }
  }
  const text = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  return JSON.parse(text) as WebhookEvent;
}

/** What an email.inbound post tells besides the raw message. */
export type InboundInfo = {
  delivery: string;
  domain: string;
  recipient: string;
  sender: string;
  /** X-SVC-Timestamp (Unix seconds; not covered by the signature). */
  timestamp: number | null;
};

/**
 * Checks an email.inbound post (the raw RFC 822 message, signed with the
 * inbound domain's `svc_in_` secret); throws WebhookVerificationError when
 * the signature does not hold. Deduplicate by `delivery` (the same on the
 * retry).
 */
export async function verifyInbound(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
): Promise<InboundInfo> {
  const given = header(headers, "x-svc-signature");
  if (given === null) throw new WebhookVerificationError("missing X-SVC-Signature");
  if (!constantTimeEqual(given, await svcSignature(secret, rawBody))) {
    throw new WebhookVerificationError("X-SVC-Signature does not match");
  }
  const ts = header(headers, "x-svc-timestamp");
  return {
    delivery: header(headers, "x-svc-delivery") ?? "",
    domain: header(headers, "x-svc-domain") ?? "",
    recipient: decodeURIComponent(header(headers, "x-svc-recipient") ?? ""),
    sender: decodeURIComponent(header(headers, "x-svc-sender") ?? ""),
    timestamp: ts !== null && /^\d+$/.test(ts) ? Number(ts) : null,
  };
}
