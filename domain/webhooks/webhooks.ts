/**
 * Operator actions on webhooks (the dashboard's part of the spec): create,
 * change, delete, rotate the secret, send webhook.test, and the reads and
 * views of webhooks, deliveries and events. (Sending events and retrying
 * deliveries: events.ts, delivery.ts, delivery_job.ts.)
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { ApiError, invalidPayload } from "../kernel/errors.ts";
import { Buffer } from "node:buffer";
import { randomBytesRaw, seal } from "../kernel/crypto.ts";
import { httpUrl } from "../kernel/validation.ts";
import { SUBSCRIBABLE_EVENT_TYPES } from "./events.ts";
import { staticTargetProblem } from "../kernel/net/target_guard.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import { unpackText } from "../kernel/kv/blob.ts";
import * as store from "./store.ts";
import type { Delivery, EventRecord, Webhook } from "./store.ts";
import {
  publicWebhookUrl,
  sendToWebhook,
  splitUrlCredentials,
  urlCredentialsAad,
} from "./delivery.ts";

export const SECRET_PREFIX = "whsec_";

/**
 * Every event creates its deliveries in one atomic operation (at most 100
 * checks, two per webhook), so a site's webhooks are capped well below that.
 */
export const MAX_WEBHOOKS_PER_SITE = 20;

const KNOWN = new Set<string>(SUBSCRIBABLE_EVENT_TYPES);

/** Event names or ["all"]; duplicates removed, "all" swallows the rest. */
const eventList = () =>
  z.array(z.string(), { message: 'must be an array of event names, or ["all"]' })
    .min(1, 'must name at least one event, or be ["all"]')
    .check((ctx) => {
      ctx.value.forEach((name, i) => {
        if (name !== "all" && !KNOWN.has(name)) {
          ctx.issues.push({
            code: "custom",
            input: name,
            path: [i],
            message: name === "webhook.test"
              ? "webhook.test needs no subscription: a test goes to the tested webhook"
              : `unknown event "${name}"; use "all" or one of ${
                SUBSCRIBABLE_EVENT_TYPES.join(", ")
              }`,
          });
        }
      });
    })
    .transform((list) => list.includes("all") ? ["all"] : [...new Set(list)]);

export const WebhookCreate = z.object({
  url: httpUrl(2000),
  events: eventList(),
  paused: z.boolean().default(false),
  /** Also sign with the Standard Webhooks headers (beside the spec's). */
  standard_webhooks: z.boolean().default(false),
});

export const WebhookPatch = z.object({
  url: httpUrl(2000).optional(),
  events: eventList().optional(),
  paused: z.boolean().optional(),
  standard_webhooks: z.boolean().optional(),
});

export type WebhookView = {
  id: string;
  site_id: string;
  /** Without credentials: `user:password@` is sealed at rest and never shown. */
  url: string;
  /** Whether the URL was given with credentials (sent as Basic auth). */
  has_credentials: boolean;
  events: string[];
  paused: boolean;
  standard_webhooks: boolean;
  /** While a rotated-out secret still signs (beside the new one): until then; else null. */
  previous_secret_valid_until: string | null;
  success_count: number;
  failure_count: number;
  last_status: number | null;
  last_attempt_at: string | null;
  created_at: string;
  updated_at: string;
};

/** A webhook as the operator API shows it (never the secret, never URL credentials). */
export async function webhookView(ctx: Ctx, w: Webhook): Promise<WebhookView> {
  const stats = await store.webhookStats(ctx.kv, w.id);
  const url = publicWebhookUrl(w.url);
  return {
    id: w.id,
    site_id: w.site_id,
    url,
    has_credentials: (w.url_credentials ?? null) !== null || url !== w.url,
    events: w.events,
    paused: w.paused,
    standard_webhooks: w.standard_webhooks === true,
    previous_secret_valid_until: w.previous_secret && w.previous_secret_until &&
        Date.parse(w.previous_secret_until) > ctx.clock.now()
      ? w.previous_secret_until
      : null,
    ...stats,
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

/**
 * The URL in its normal form, split from its credentials, or invalid_payload
 * when it may never be a target.
 */
function checkedUrl(ctx: Ctx, raw: string): { url: string; userinfo: string | null } {
  const url = new URL(raw.trim());
  const problem = staticTargetProblem(url, ctx.config.SVC_ALLOW_PRIVATE_TARGETS);
  if (problem !== null) {
    throw invalidPayload([{
      field: "url",
      message:
        `not an allowed target: ${problem} (private targets need SVC_ALLOW_PRIVATE_TARGETS=true)`,
    }]);
  }
  url.hash = "";
  return splitUrlCredentials(url.href);
}

/** The record's url and sealed credentials for a checked URL. */
function urlFields(
  ctx: Ctx,
  id: string,
  checked: { url: string; userinfo: string | null },
): Pick<Webhook, "url" | "url_credentials"> {
  return sealedUrlFields(ctx.config.encryptionKey, id, checked);
}

function sealedUrlFields(
  encryptionKey: Uint8Array,
  id: string,
  checked: { url: string; userinfo: string | null },
): Pick<Webhook, "url" | "url_credentials"> {
  const sealed = checked.userinfo === null
    ? null
    : seal(encryptionKey, checked.userinfo, urlCredentialsAad(id));
  return { url: checked.url, url_credentials: sealed };
}

/**
 * A record written before URL credentials were sealed, with them sealed now
 * (unchanged when there is nothing in clear). Applied on every write, and to
 * every record once by the schema migration below.
 */
function withSealedUrl(ctx: Ctx, w: Webhook): Webhook {
  return sealedRecord(ctx.config.encryptionKey, w);
}

function sealedRecord(encryptionKey: Uint8Array, w: Webhook): Webhook {
  if ((w.url_credentials ?? null) !== null) return w;
  let split: { url: string; userinfo: string | null };
  try {
    split = splitUrlCredentials(w.url);
  } catch {
    return w; // not a URL: delivery reports it; nothing to seal
  }
  return split.userinfo === null ? w : { ...w, ...sealedUrlFields(encryptionKey, w.id, split) };
}

/**
 * Schema migration: seals the URL credentials that records from before sealing
 * still hold in clear. Idempotent (a sealed record is left as it is); a record
 * changed meanwhile is read again by updateWebhook's check. The count sealed.
 */
export async function sealClearUrlCredentials(
  kv: Deno.Kv,
  encryptionKey: Uint8Array | null,
): Promise<number> {
  let sealed = 0;
  for await (const w of store.allWebhooks(kv)) {
    if ((w.url_credentials ?? null) !== null || !/^[a-z]+:\/\/[^/?#]*@/i.test(w.url)) continue;
    if (!encryptionKey) throw new Error("sealing webhook URL credentials needs the encryption key");
    await retryOnConflict(() =>
      store.updateWebhook(kv, w.id, (cur) => sealedRecord(encryptionKey, cur))
    );
    sealed++;
  }
  return sealed;
}

/**
 * `whsec_` + standard base64 of 32 random bytes: the whole string keys the
 * spec's X-SVC-Signature, its decoded base64 part keys Standard Webhooks.
 */
function newSecret(): string {
  return SECRET_PREFIX + Buffer.from(randomBytesRaw(32)).toString("base64");
}

export async function newWebhook(
  ctx: Ctx,
  siteId: string,
  input: z.output<typeof WebhookCreate>,
): Promise<WebhookView & { secret: string }> {
  const checked = checkedUrl(ctx, input.url);
  if (await store.countWebhooksOfSite(ctx.kv, siteId) >= MAX_WEBHOOKS_PER_SITE) {
    throw new ApiError("conflict", 409, {
      message: `A site can have at most ${MAX_WEBHOOKS_PER_SITE} webhooks.`,
    });
  }
  const now = ctx.clock.now();
  const id = uuidv7(now);
  const secret = newSecret();
  const w: Webhook = {
    id,
    site_id: siteId,
    ...urlFields(ctx, id, checked),
    events: input.events,
    paused: input.paused,
    standard_webhooks: input.standard_webhooks,
    secret: seal(ctx.config.encryptionKey, secret, id),
    created_at: isoTime(now),
    updated_at: isoTime(now),
  };
  await store.createWebhook(ctx.kv, w);
  return { ...(await webhookView(ctx, w)), secret };
}

export async function patchWebhook(
  ctx: Ctx,
  id: string,
  input: z.output<typeof WebhookPatch>,
): Promise<Webhook | null> {
  const checked = input.url === undefined ? undefined : checkedUrl(ctx, input.url);
  return await retryOnConflict(() =>
    store.updateWebhook(ctx.kv, id, (w) => ({
      ...withSealedUrl(ctx, w),
      ...(checked !== undefined && urlFields(ctx, w.id, checked)),
      ...(input.events !== undefined && { events: input.events }),
      ...(input.paused !== undefined && { paused: input.paused }),
      ...(input.standard_webhooks !== undefined && { standard_webhooks: input.standard_webhooks }),
      updated_at: isoTime(ctx.clock.now()),
    }))
  );
}

/**
 * Replaces the secret. The old one keeps signing beside it for
 * SVC_WEBHOOK_GRACE_HOURS (X-SVC-Signature-Previous, and a second
 * webhook-signature entry), so receivers can switch without losing events.
 * Returns the new secret and when the old one stops.
 */
export async function rotateWebhookSecret(
  ctx: Ctx,
  id: string,
): Promise<{ id: string; secret: string; previous_secret_valid_until: string | null } | null> {
  const secret = newSecret();
  const now = ctx.clock.now();
  const graceMs = ctx.config.SVC_WEBHOOK_GRACE_HOURS * 3_600_000;
  const until = graceMs > 0 ? isoTime(now + graceMs) : null;
  const w = await retryOnConflict(() =>
    store.updateWebhook(ctx.kv, id, (w) => ({
      ...withSealedUrl(ctx, w),
      secret: seal(ctx.config.encryptionKey, secret, w.id),
      // Sealed with the same AAD (the webhook id), so it moves as it is.
      previous_secret: until === null ? null : w.secret,
      previous_secret_until: until,
      updated_at: isoTime(now),
    }))
  );
  return w ? { id: w.id, secret, previous_secret_valid_until: until } : null;
}

export const TEST_MESSAGE = "This is a test event. Your webhook endpoint is set up correctly.";

export type TestResult = {
  /** HTTP status the receiver answered, or null (timeout, connection error, refused target). */
  status: number | null;
  ok: boolean;
  duration_ms: number;
  error: string | null;
  /** The event id of the test body. */
  event_id: string;
};

/**
 * Sends webhook.test once: signed like every event, no X-SVC-Delivery, data
 * {message, to} with `to` the webhook URL (without credentials). Its status
 * becomes the webhook's last_status; it does not count toward success_count or
 * failure_count, which describe event deliveries. A paused webhook is tested
 * too: the operator asked.
 */
export async function sendTest(ctx: Ctx, w: Webhook): Promise<TestResult> {
  const now = ctx.clock.now();
  const id = crypto.randomUUID();
  const body = JSON.stringify({
    id,
    type: "webhook.test",
    created_at: isoTime(now),
    site_id: w.site_id,
    data: { message: TEST_MESSAGE, to: publicWebhookUrl(w.url) },
  });
  const r = await sendToWebhook(ctx, w, body, "webhook.test", null, id);
  await store.setLastStatus(ctx.kv, w.id, { status: r.status, at: isoTime(now) });
  return { status: r.status, ok: r.ok, duration_ms: r.duration_ms, error: r.error, event_id: id };
}

/** The stored outer body of an event, parsed (what receivers got). */
export async function eventBody(ctx: Ctx, e: EventRecord): Promise<Record<string, unknown>> {
  return JSON.parse(await unpackText(ctx.kv, e.body));
}

/** The webhook with this id, or null. */
export function readWebhook(ctx: Ctx, id: string): Promise<Webhook | null> {
  return store.getWebhook(ctx.kv, id);
}

/** A site's webhooks, oldest first. */
export function listWebhooksOfSite(ctx: Ctx, siteId: string): Promise<Webhook[]> {
  return store.listWebhooksOfSite(ctx.kv, siteId);
}

/**
 * Deletes a webhook with its counters, status and routing entry; its
 * deliveries expire with their retention. false when unknown.
 */
export function removeWebhook(ctx: Ctx, id: string): Promise<boolean> {
  return store.deleteWebhook(ctx.kv, id);
}

/** A webhook's deliveries, newest first, at most `limit`. */
export function listDeliveriesOfWebhook(
  ctx: Ctx,
  webhookId: string,
  opts: { limit: number },
): Promise<Delivery[]> {
  return store.listDeliveriesOfWebhook(ctx.kv, webhookId, opts.limit);
}

/** The delivery with this id (with its attempts), or null. */
export async function readDelivery(ctx: Ctx, id: string): Promise<Delivery | null> {
  return (await store.getDeliveryEntry(ctx.kv, id)).value;
}

/** A site's stored events, newest first, at most `limit`. */
export function listEventsOfSite(
  ctx: Ctx,
  siteId: string,
  opts: { limit: number },
): Promise<EventRecord[]> {
  return store.listEventsOfSite(ctx.kv, siteId, opts.limit);
}

/** The stored event with this id, or null. */
export function readEvent(ctx: Ctx, id: string): Promise<EventRecord | null> {
  return store.getEvent(ctx.kv, id);
}

/** The deliveries of one event, one per webhook it went to. */
export function listDeliveriesOfEvent(ctx: Ctx, eventId: string): Promise<Delivery[]> {
  return store.listDeliveriesOfEvent(ctx.kv, eventId);
}
