/**
 * Posting a received message to its inbound domain's URL (spec: "Inbound email
 * event"): the raw RFC 822 bytes, signed with the domain's own secret
 * (`X-SVC-Signature: sha256=<hex HMAC-SHA256 of the body>`), 2 attempts of 12 s
 * each, back to back while the sending server waits, no redirects, the same
 * target guard and egress proxy as webhooks.
 *
 * X-SVC-Delivery is derived from the message, not drawn at random: a UUIDv8
 * from an HMAC of the inbound domain, the envelope and the bytes as received.
 * Both attempts carry it, and so does the sending server's retry of the same
 * message after a 450, so that receivers can deduplicate. A delivery the
 * receiver took is remembered for a week: when one of several recipients
 * failed and the server retries them all, the others are not posted again.
 */
import { Buffer } from "node:buffer";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { hmacSha256Hex, sha256Hex, unseal } from "../kernel/crypto.ts";
import { postOnce, type PostResult } from "../kernel/net/outbound_http.ts";
import { purposeKey } from "../mail/tokens.ts";
import { type InboundDomain, markForwarded, wasForwarded } from "./store.ts";

export const INBOUND_TIMEOUT_MS = 12_000;
export const INBOUND_ATTEMPTS = 2;
export const USER_AGENT = "Service-Inbound/1.0";

export type ForwardOptions = {
  /** Per-attempt timeout (tests shorten it); default 12 s. */
  timeoutMs?: number;
};

export type ForwardResult = {
  ok: boolean;
  deliveryId: string;
  /** true when an earlier transaction delivered it already (nothing was posted). */
  already: boolean;
  attempts: PostResult[];
};

/** The stable X-SVC-Delivery of one message to one recipient of one inbound domain. */
export function deliveryIdOf(
  ctx: Ctx,
  domainId: string,
  envelope: { from: string; to: string },
  raw: Uint8Array,
): string {
  const key = purposeKey(ctx.config.encryptionKey, "inbound-delivery");
  const mac = hmacSha256Hex(
    key,
    `${domainId}\n${envelope.from.toLowerCase()}\n${envelope.to.toLowerCase()}\n${sha256Hex(raw)}`,
  );
  // UUIDv8 (RFC 9562: vendor-specific): version 8, variant 10.
  const h = mac.slice(0, 32).split("");
  h[12] = "8";
  h[16] = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  const s = h.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** The signature header value for a body and an inbound secret. */
export function inboundSignature(secret: string, body: Uint8Array): string {
  return `sha256=${hmacSha256Hex(secret, body)}`;
}

/**
 * Posts `body` (the message with our Received line) for one recipient; `raw`
 * is the message as received, which names the delivery.
 */
export async function forwardMessage(
  ctx: Ctx,
  d: InboundDomain,
  envelope: { from: string; to: string },
  raw: Uint8Array,
  body: Uint8Array,
  opts: ForwardOptions = {},
): Promise<ForwardResult> {
  const deliveryId = deliveryIdOf(ctx, d.id, envelope, raw);
  if (await wasForwarded(ctx.kv, deliveryId)) {
    return { ok: true, deliveryId, already: true, attempts: [] };
  }
  const secret = unseal(ctx.config.encryptionKey, d.secret, d.id);
  const headers: Record<string, string> = {
    "content-type": "message/rfc822",
    "user-agent": USER_AGENT,
    "x-svc-event": "email.inbound",
    "x-svc-signature": inboundSignature(secret, body),
    "x-svc-delivery": deliveryId,
    "x-svc-domain": d.domain,
    "x-svc-recipient": headerSafe(envelope.to),
    "x-svc-sender": headerSafe(envelope.from),
  };
  const attempts: PostResult[] = [];
  for (let i = 0; i < INBOUND_ATTEMPTS; i++) {
    headers["x-svc-timestamp"] = String(Math.floor(ctx.clock.now() / 1000));
    const r = await postOnce(d.url, body, headers, {
      timeoutMs: opts.timeoutMs ?? INBOUND_TIMEOUT_MS,
      allowPrivate: ctx.config.SVC_ALLOW_PRIVATE_TARGETS,
      nameServer: ctx.outbound?.nameServer,
      client: ctx.egressClient,
    });
    attempts.push(r);
    if (r.ok) {
      await markForwarded(ctx.kv, deliveryId, isoTime(ctx.clock.now()));
      return { ok: true, deliveryId, already: false, attempts };
    }
  }
  return { ok: false, deliveryId, already: false, attempts };
}

/**
 * An envelope address as a header value: HTTP header values are bytes, and
 * an SMTPUTF8 address is sent as its UTF-8 bytes read as Latin-1 would be
 * mangled, so non-ASCII is percent-encoded (RFC 3986 style) instead.
 */
function headerSafe(address: string): string {
  return /^[\x20-\x7e]*$/.test(address) ? address : encodeURIComponent(address);
}

/** Our trace line on top of a received message (RFC 5321 4.4). */
export function receivedLine(opts: {
  helo: string;
  clientIp: string;
  by: string;
  protocol: string;
  id: string;
  for: string;
  at: number;
}): Uint8Array {
  const helo = opts.helo.replace(/[^\x21-\x7e]/g, "").slice(0, 255) || "unknown";
  const line = `Received: from ${helo} ([${opts.clientIp}])\r\n\tby ${opts.by} with ` +
    `${opts.protocol} id ${opts.id}\r\n\tfor <${opts.for}>; ${rfc2822Date(opts.at)}\r\n`;
  return new Uint8Array(Buffer.from(line, "utf8"));
}

function rfc2822Date(ms: number): string {
  // toUTCString gives "Tue, 24 Nov 2026 05:22:58 GMT"; RFC 5322 prefers a numeric zone.
  return new Date(ms).toUTCString().replace(/GMT$/, "+0000");
}
