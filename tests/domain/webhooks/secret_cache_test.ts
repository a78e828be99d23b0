/**
 * Webhook secrets unsealed once and kept in memory (domain/webhooks/delivery.ts):
 * the signatures are those of the secret in clear, a rotation or another
 * webhook unseals its own value, and another encryption key still fails.
 */
import assert from "node:assert/strict";
import type { Ctx } from "../../../domain/kernel/context.ts";
import { KeyedHmac, randomBytesRaw, seal } from "../../../domain/kernel/crypto.ts";
import {
  previousSecret,
  sendToWebhook,
  webhookHeaders,
  webhookSecret,
  webhookSignature,
} from "../../../domain/webhooks/delivery.ts";
import type { Webhook } from "../../../domain/webhooks/store.ts";

function fakeCtx(key: Uint8Array): Ctx {
  return { config: { encryptionKey: key }, clock: { now: () => Date.now() } } as unknown as Ctx;
}

function hook(key: Uint8Array, id: string, secret: string, previous?: string): Webhook {
  return {
    id,
    site_id: "site",
    url: "http://127.0.0.1:9/hook",
    events: ["all"],
    paused: false,
    secret: seal(key, secret, id),
    previous_secret: previous === undefined ? null : seal(key, previous, id),
    previous_secret_until: previous === undefined
      ? null
      : new Date(Date.now() + 60_000).toISOString(),
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  };
}

Deno.test("signatures from the kept HMACs equal those of the secrets in clear (previous secret too)", () => {
  const key = randomBytesRaw(32);
  const ctx = fakeCtx(key);
  const w = hook(key, "wh_1", "whsec_zoë+/=", "whsec_old");
  const body = new TextEncoder().encode(JSON.stringify({ type: "form.submitted", x: "Zoë" }));
  for (let i = 0; i < 2; i++) {
    const secret = webhookSecret(ctx, w);
    const previous = previousSecret(ctx, w, Date.now());
    assert.equal(secret, "whsec_zoë+/=");
    assert.equal(previous, "whsec_old");
    const plain = webhookHeaders({ secret, previous, standard: null }, body, "t", "d");
    assert.equal(plain["X-SVC-Signature"], webhookSignature("whsec_zoë+/=", body));
    assert.equal(plain["X-SVC-Signature-Previous"], webhookSignature("whsec_old", body));
    const utf8 = new TextEncoder();
    const macs = {
      secret: new KeyedHmac(utf8.encode(secret)),
      previous: new KeyedHmac(utf8.encode(previous!)),
    };
    assert.deepEqual(
      webhookHeaders({ secret, previous, macs, standard: null }, body, "t", "d"),
      plain,
    );
  }
});

Deno.test("a rotated secret and another webhook unseal their own values; another key still fails", async () => {
  const key = randomBytesRaw(32);
  const ctx = fakeCtx(key);
  const a = hook(key, "wh_a", "whsec_a");
  assert.equal(webhookSecret(ctx, a), "whsec_a");
  const rotated = { ...a, secret: seal(key, "whsec_a2", "wh_a") };
  assert.equal(webhookSecret(ctx, rotated), "whsec_a2");
  assert.equal(webhookSecret(ctx, hook(key, "wh_b", "whsec_b")), "whsec_b");
  // The same sealed value moved to another webhook id does not unseal (AAD), kept or not.
  assert.throws(() => webhookSecret(ctx, { ...a, id: "wh_other" }));
  // Another encryption key (SVC_ENCRYPTION_KEY changed): nothing kept for it, unseal fails.
  const other = fakeCtx(randomBytesRaw(32));
  assert.throws(() => webhookSecret(other, a));
  const r = await sendToWebhook(other, a, "{}", "t", "d", "d");
  assert.equal(r.ok, false);
  assert.match(r.error ?? "", /cannot be unsealed/);
  // A copy of the right key (another object, same bytes) unseals.
  assert.equal(webhookSecret(fakeCtx(new Uint8Array(key)), a), "whsec_a");
});
