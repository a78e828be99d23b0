/**
 * The spec's delivery rules for webhook events: headers, signature, timeout
 * and the retry schedule, and the one function that sends a body to a
 * webhook. Used by the delivery worker (events) and by the test action.
 */
import type { Ctx } from "../kernel/context.ts";
import { createHmac } from "node:crypto";
import { Buffer } from "node:buffer";
import { hmacSha256Hex, KeyedHmac, unseal } from "../kernel/crypto.ts";
import { postOnce, type PostResult } from "../kernel/net/outbound_http.ts";
import type { Webhook } from "./store.ts";

const utf8 = new TextEncoder();

export const WEBHOOK_USER_AGENT = "Service-Webhooks/1.0";

/** No answer within this long is a failure (spec: 10 seconds). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Wait before each attempt, counted from the end of the previous one:
 * immediately, after 1.5 s, after a further 3 s. After the last one fails the
 * delivery is dropped.
 */
export const ATTEMPT_DELAYS_MS: readonly number[] = [0, 1_500, 3_000];
export const MAX_ATTEMPTS = ATTEMPT_DELAYS_MS.length;

/** `sha256=` + hex HMAC-SHA256 of the exact bytes, keyed with the whole secret (whsec_ included). */
export function webhookSignature(secret: string, body: Uint8Array): string {
  return `sha256=${hmacSha256Hex(secret, body)}`;
}

/**
 * The Standard Webhooks key of a secret: the part after `whsec_`, base64
 * decoded. New secrets are standard base64 of 32 bytes; secrets made before
 * were base64url, which decodes the same way once its alphabet is mapped.
 */
export function standardWebhooksKey(secret: string): Uint8Array {
  const b64 = secret.replace(/^whsec_/, "").replace(/-/g, "+").replace(/_/g, "/");
  return new Uint8Array(Buffer.from(b64, "base64"));
}

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` (Standard Webhooks). */
export function standardSignature(
  secret: string,
  id: string,
  timestamp: number,
  body: Uint8Array,
): string {
  const mac = createHmac("sha256", standardWebhooksKey(secret))
    .update(`${id}.${timestamp}.`).update(body).digest("base64");
  return `v1,${mac}`;
}

/** What signs one attempt: the secret, the previous one during its grace, and the scheme. */
export type Signing = {
  secret: string;
  /** The secret before the last rotation, while its grace period lasts. */
  previous: string | null;
  /** HMACs keyed with `secret` and `previous`, when the caller has them (same signatures). */
  macs?: { secret: KeyedHmac; previous: KeyedHmac | null };
  /** Standard Webhooks: the message id (the delivery's, or the test event's) and the time. */
  standard: { id: string; timestamp: number } | null;
};

/**
 * The spec's headers, exactly: X-SVC-Signature always carries the current
 * secret's signature (no X-SVC-Delivery for webhook.test, deliveryId null).
 * During a rotation's grace period X-SVC-Signature-Previous carries the old
 * secret's. With Standard Webhooks on: webhook-id, webhook-timestamp and
 * webhook-signature (the current and, during the grace, the previous
 * signature, space-separated).
 */
export function webhookHeaders(
  signing: Signing,
  body: Uint8Array,
  type: string,
  deliveryId: string | null,
): Record<string, string> {
  const h: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    "X-SVC-Signature": signing.macs
      ? `sha256=${signing.macs.secret.digest(body, "hex")}`
      : webhookSignature(signing.secret, body),
    "X-SVC-Event": type,
  };
  if (deliveryId !== null) h["X-SVC-Delivery"] = deliveryId;
  if (signing.previous !== null) {
    h["X-SVC-Signature-Previous"] = signing.macs?.previous
      ? `sha256=${signing.macs.previous.digest(body, "hex")}`
      : webhookSignature(signing.previous, body);
  }
  const std = signing.standard;
  if (std !== null) {
    h["webhook-id"] = std.id;
    h["webhook-timestamp"] = String(std.timestamp);
    h["webhook-signature"] = [
      signing.secret,
      ...(signing.previous === null ? [] : [signing.previous]),
    ]
      .map((s) => standardSignature(s, std.id, std.timestamp, body)).join(" ");
  }
  return h;
}

/** The per-attempt timeout in force for `ctx` (10 s unless a test shortens it). */
export function webhookTimeoutMs(ctx: Ctx): number {
  return ctx.outbound?.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
}

/** A sealed secret in clear, and the HMAC keyed with it. */
type Unsealed = { secret: string; mac: KeyedHmac };

/**
 * Secrets unsealed before, by encryption key (the key object: a context with
 * another key unseals again, and fails as it should) and sealed value (a new
 * secret, a rotation or another webhook is another entry). Unsealing (AES-GCM)
 * and setting up the HMAC cost about 12 µs per delivery, 3 µs from memory.
 */
const unsealedByKey = new WeakMap<Uint8Array, Map<string, Unsealed>>();
/** Entries per encryption key; when full the map starts again (a few hundred bytes each). */
export const UNSEALED_SECRETS_MAX = 4_096;

/** `sealed` (with `aad`) in clear, from memory when unsealed before; throws as unseal does. */
function unsealed(ctx: Ctx, sealed: string, aad: string): Unsealed {
  const key = ctx.config.encryptionKey;
  let byValue = unsealedByKey.get(key);
  if (!byValue) unsealedByKey.set(key, byValue = new Map());
  const id = `${aad}\n${sealed}`;
  let u = byValue.get(id);
  if (!u) {
    const secret = unseal(key, sealed, aad);
    if (byValue.size >= UNSEALED_SECRETS_MAX) byValue.clear();
    byValue.set(id, u = { secret, mac: new KeyedHmac(utf8.encode(secret)) });
  }
  return u;
}

/** The webhook's secret in clear (sealed with the webhook id as AAD). */
export function webhookSecret(ctx: Ctx, w: Webhook): string {
  return unsealed(ctx, w.secret, w.id).secret;
}

/** The previous secret while its grace period lasts (sealed like the secret), else null. */
function previousUnsealed(ctx: Ctx, w: Webhook, now: number): Unsealed | null {
  const until = w.previous_secret_until ?? null;
  if (!w.previous_secret || until === null || Date.parse(until) <= now) return null;
  return unsealed(ctx, w.previous_secret, w.id);
}

/** The previous secret in clear while its grace period lasts, else null. */
export function previousSecret(ctx: Ctx, w: Webhook, now: number): string | null {
  return previousUnsealed(ctx, w, now)?.secret ?? null;
}

// --- credentials in a webhook URL ------------------------------------------------

/** AAD of a webhook's sealed URL credentials: bound to the webhook, unlike its secret's. */
export function urlCredentialsAad(webhookId: string): string {
  return `${webhookId}#url-credentials`;
}

/**
 * A URL split into the URL without `user:password@` and that userinfo as the
 * URL spells it (percent-encoded; the user part never holds a raw colon), or
 * null when it has none.
 */
export function splitUrlCredentials(raw: string): { url: string; userinfo: string | null } {
  const u = new URL(raw);
  if (u.username === "" && u.password === "") return { url: u.href, userinfo: null };
  const userinfo = `${u.username}:${u.password}`;
  u.username = "";
  u.password = "";
  return { url: u.href, userinfo };
}

/** The URL without credentials, to show (also for records written with them in clear). */
export function publicWebhookUrl(raw: string): string {
  try {
    return splitUrlCredentials(raw).url;
  } catch {
    return raw.replace(/\/\/[^/?#]*@/, "//"); // not a URL: still show no userinfo
  }
}

/** Percent-decoded bytes, the way fetch reads a URL's username and password. */
function percentDecode(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s[i] === "%" ? s.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      const cp = s.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      out.push(...utf8.encode(ch));
      i += ch.length - 1;
    }
  }
  return out;
}

/** `Basic base64(user:password)` from a URL's userinfo, byte for byte what fetch sends. */
export function basicAuthorization(userinfo: string): string {
  const colon = userinfo.indexOf(":");
  const user = colon === -1 ? userinfo : userinfo.slice(0, colon);
  const password = colon === -1 ? "" : userinfo.slice(colon + 1);
  const bytes = [...percentDecode(user), 0x3a, ...percentDecode(password)];
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * Where to POST and with which Authorization: the stored URL without
 * credentials, and Basic auth from the sealed credentials. A record written
 * before credentials were sealed still has them in its URL; they are used the
 * same way until schema migration 2 (domain/ops/migrations.ts) seals them at start.
 */
export function webhookTarget(
  ctx: Ctx,
  w: Webhook,
): { url: string; authorization: string | null } {
  let split: { url: string; userinfo: string | null };
  try {
    split = splitUrlCredentials(w.url);
  } catch {
    return { url: w.url, authorization: null }; // postOnce reports the bad URL
  }
  const { url, userinfo } = split;
  const sealed = w.url_credentials ?? null;
  const plain = sealed === null ? userinfo : unsealed(ctx, sealed, urlCredentialsAad(w.id)).secret;
  return { url, authorization: plain === null ? null : basicAuthorization(plain) };
}

/**
 * Signs `body` and POSTs it once to the webhook's URL. Never throws for
 * network trouble. `messageId` is Standard Webhooks' webhook-id: the delivery
 * id (the same on every retry), or the test event's id.
 */
export function sendToWebhook(
  ctx: Ctx,
  w: Webhook,
  body: string,
  type: string,
  deliveryId: string | null,
  messageId: string,
): Promise<PostResult> {
  const bytes = utf8.encode(body);
  const failed = (error: string) =>
    Promise.resolve({ ok: false, status: null, duration_ms: 0, error } satisfies PostResult);
  let signing: Signing;
  let target: { url: string; authorization: string | null };
  const now = ctx.clock.now();
  try {
    const current = unsealed(ctx, w.secret, w.id);
    const previous = previousUnsealed(ctx, w, now);
    signing = {
      secret: current.secret,
      previous: previous?.secret ?? null,
      macs: { secret: current.mac, previous: previous?.mac ?? null },
      standard: w.standard_webhooks === true
        ? { id: messageId, timestamp: Math.floor(now / 1000) }
        : null,
    };
  } catch {
    // Recorded as a failed attempt like any other, so the delivery still ends.
    return failed("the webhook secret cannot be unsealed (was SVC_ENCRYPTION_KEY changed?)");
  }
  try {
    target = webhookTarget(ctx, w);
  } catch {
    return failed(
      "the webhook URL's credentials cannot be unsealed (was SVC_ENCRYPTION_KEY changed?)",
    );
  }
  const headers = webhookHeaders(signing, bytes, type, deliveryId);
  if (target.authorization !== null) headers["Authorization"] = target.authorization;
  // In one of the context's slots (ctx.webhookPosts): the timeout runs from there.
  return ctx.webhookPosts.run(() =>
    postOnce(target.url, bytes, headers, {
      timeoutMs: webhookTimeoutMs(ctx),
      allowPrivate: ctx.config.SVC_ALLOW_PRIVATE_TARGETS,
      nameServer: ctx.outbound?.nameServer,
      client: ctx.egressClient,
    })
  );
}
