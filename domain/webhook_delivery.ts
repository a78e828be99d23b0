/**
 * The spec's delivery rules for webhook events: headers, signature, timeout
 * and the retry schedule, and the one function that sends a body to a
 * webhook. Used by the delivery worker (events) and by the test action.
 */
import type { Ctx } from "./context.ts";
import { hmacSha256Hex, unseal } from "./crypto.ts";
import { egressClient, postOnce, type PostResult } from "./net/outbound_http.ts";
import type { Webhook } from "./store/webhooks.ts";

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

/** The spec's headers; no X-SVC-Delivery for webhook.test (deliveryId null). */
export function webhookHeaders(
  secret: string,
  body: Uint8Array,
  type: string,
  deliveryId: string | null,
): Record<string, string> {
  const h: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    "X-SVC-Signature": webhookSignature(secret, body),
    "X-SVC-Event": type,
  };
  if (deliveryId !== null) h["X-SVC-Delivery"] = deliveryId;
  return h;
}

/** The per-attempt timeout in force for `ctx` (10 s unless a test shortens it). */
export function webhookTimeoutMs(ctx: Ctx): number {
  return ctx.outbound?.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
}

/** The webhook's secret in clear (sealed with the webhook id as AAD). */
export function webhookSecret(ctx: Ctx, w: Webhook): string {
  return unseal(ctx.config.encryptionKey, w.secret, w.id);
}

/** Signs `body` and POSTs it once to the webhook's URL. Never throws for network trouble. */
export function sendToWebhook(
  ctx: Ctx,
  w: Webhook,
  body: string,
  type: string,
  deliveryId: string | null,
): Promise<PostResult> {
  const bytes = new TextEncoder().encode(body);
  let secret: string;
  try {
    secret = webhookSecret(ctx, w);
  } catch {
    // Recorded as a failed attempt like any other, so the delivery still ends.
    return Promise.resolve({
      ok: false,
      status: null,
      duration_ms: 0,
      error: "the webhook secret cannot be unsealed (was SVC_ENCRYPTION_KEY changed?)",
    });
  }
  return postOnce(w.url, bytes, webhookHeaders(secret, bytes, type, deliveryId), {
    timeoutMs: webhookTimeoutMs(ctx),
    allowPrivate: ctx.config.SVC_ALLOW_PRIVATE_TARGETS,
    nameServer: ctx.outbound?.nameServer,
    client: egressClient(ctx),
  });
}
