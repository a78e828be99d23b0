/**
 * Operator actions and reads on the suppression list (service-wide: bounced,
 * complained, manual) and on a site's unsubscribes. Addresses are kept
 * lowercase. (The recipient's own unsubscribe, through the link in an email,
 * is in mail/engagement.ts.)
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { emailKey, str } from "../kernel/validation.ts";
import { addressKey } from "../kernel/address.ts";
import * as store from "./store.ts";

/** The key suppressions and unsubscribes are hashed with (store.ts). */
const hk = (ctx: Ctx) => ctx.config.encryptionKey;
import { type Suppression, SUPPRESSION_REASONS, type Unsubscribe } from "./schema.ts";

export const SuppressionCreate = z.object({
  email: emailKey(),
  reason: z.enum(SUPPRESSION_REASONS, {
    message: `must be one of ${SUPPRESSION_REASONS.join(", ")}`,
  }),
  detail: str(500).nullable().optional(),
});

export const UnsubscribeCreate = z.object({ email: emailKey() });

/** An address from a path segment, lowercase; null when it is not an address. */
export function addressParam(s: string): string | null {
  return addressKey(s.trim());
}

/**
 * The migration to hashed keys: records keyed by the address in clear move to
 * its keyed hash (needs the service's key; none: nothing moves).
 */
export function hashSuppressionKeys(kv: Deno.Kv, key: Uint8Array | null): Promise<number> {
  return key ? store.hashClearAddressKeys(kv, key) : Promise.resolve(0);
}

/** Adds a suppression; an address already suppressed keeps its record (created false). */
export async function suppress(
  ctx: Ctx,
  input: z.output<typeof SuppressionCreate>,
): Promise<{ created: boolean; record: Suppression }> {
  const record: Suppression = {
    email: input.email,
    reason: input.reason,
    detail: input.detail ?? null,
    created_at: isoTime(ctx.clock.now()),
  };
  if (await store.addSuppression(ctx.kv, hk(ctx), record)) return { created: true, record };
  return {
    created: false,
    record: (await store.getSuppression(ctx.kv, hk(ctx), input.email)) ?? record,
  };
}

/**
 * Records an unsubscribe made by the operator (source manual). No
 * email.unsubscribed event: the spec's sources are one_click and page only.
 */
export async function unsubscribe(
  ctx: Ctx,
  siteId: string,
  address: string,
): Promise<{ created: boolean; record: Unsubscribe }> {
  const record: Unsubscribe = {
    site_id: siteId,
    email: address,
    source: "manual",
    created_at: isoTime(ctx.clock.now()),
  };
  if (await store.addUnsubscribe(ctx.kv, hk(ctx), record)) return { created: true, record };
  return {
    created: false,
    record: (await store.getUnsubscribe(ctx.kv, hk(ctx), siteId, address)) ?? record,
  };
}

/**
 * Which of these addresses (lowercase) are suppressed and which unsubscribed
 * from the site (a suppression wins).
 */
export function recipientBlocks(
  ctx: Ctx,
  siteId: string,
  emails: string[],
): Promise<Map<string, "suppressed" | "unsubscribed">> {
  return store.recipientBlocks(ctx.kv, hk(ctx), siteId, emails);
}

/** Adds an unsubscribe; false when the address was already unsubscribed from the site. */
export function addUnsubscribe(ctx: Ctx, u: Unsubscribe): Promise<boolean> {
  return store.addUnsubscribe(ctx.kv, hk(ctx), u);
}

/** The suppression of an address (lowercase), or null. */
export function readSuppression(ctx: Ctx, address: string): Promise<Suppression | null> {
  return store.getSuppression(ctx.kv, hk(ctx), address);
}

/** Suppressions in address order, at most `limit`. */
export function listSuppressions(ctx: Ctx, opts: { limit: number }): Promise<Suppression[]> {
  return store.listSuppressions(ctx.kv, opts.limit);
}

/** Lets mail reach the address again; false when it was not suppressed. */
export function removeSuppression(ctx: Ctx, address: string): Promise<boolean> {
  return store.removeSuppression(ctx.kv, hk(ctx), address);
}

/** A site's unsubscribes in address order, at most `limit`. */
export function listUnsubscribes(
  ctx: Ctx,
  siteId: string,
  opts: { limit: number },
): Promise<Unsubscribe[]> {
  return store.listUnsubscribes(ctx.kv, siteId, opts.limit);
}

/** Lets the site mail the address again; false when it was not unsubscribed. */
export function removeUnsubscribe(ctx: Ctx, siteId: string, address: string): Promise<boolean> {
  return store.removeUnsubscribe(ctx.kv, hk(ctx), siteId, address);
}

/**
 * Adds a suppression to a caller's atomic op (a delivery report commits it
 * with the report); the caller has checked it was absent.
 */
export function suppressInOp(
  ctx: Ctx,
  op: Deno.AtomicOperation,
  s: Suppression,
): Deno.AtomicOperation {
  return store.suppressionMutation(op, hk(ctx), s);
}

/** Adds an unsubscribe to a caller's atomic op; the caller has checked it was absent. */
export function unsubscribeInOp(
  ctx: Ctx,
  op: Deno.AtomicOperation,
  u: Unsubscribe,
): Deno.AtomicOperation {
  return store.unsubscribeMutation(op, hk(ctx), u);
}

/**
 * For a batch of addresses (lowercase), which are suppressed and which are
 * unsubscribed from the site (suppression wins when both apply).
 */
export function readRecipientBlocks(
  ctx: Ctx,
  siteId: string,
  emails: string[],
): Promise<Map<string, "suppressed" | "unsubscribed">> {
  return store.recipientBlocks(ctx.kv, hk(ctx), siteId, emails);
}

/** What a suppression or unsubscribe keeps of an erased person: no address. */
export const ERASED = "(erased)";

/** The address's suppression (service-wide) and unsubscribes from these sites. */
export async function blocksOfAddress(
  ctx: Ctx,
  address: string,
  siteIds: string[],
): Promise<{ suppression: Suppression | null; unsubscribes: Unsubscribe[] }> {
  const got = await store.readAddressBlocks(ctx.kv, hk(ctx), address, siteIds);
  return {
    suppression: got.suppression.value,
    unsubscribes: got.unsubscribes.map((u) => u.value),
  };
}

/**
 * Takes the address out of its suppression and its unsubscribes from these
 * sites; they stay under the address's keyed hash, so it is still never
 * mailed. Returns how many records it changed.
 */
export async function scrubAddress(
  ctx: Ctx,
  address: string,
  siteIds: string[],
): Promise<{ suppressions: number; unsubscribes: number }> {
  const a = address.toLowerCase();
  for (;;) {
    const got = await store.readAddressBlocks(ctx.kv, hk(ctx), address, siteIds);
    const writes: { entry: Deno.KvEntry<unknown>; value: unknown }[] = [];
    const s = got.suppression.value;
    if (s && s.email !== ERASED) {
      const detail = s.detail && s.detail.toLowerCase().includes(a) ? null : s.detail;
      writes.push({
        entry: got.suppression as Deno.KvEntry<unknown>,
        value: { ...s, email: ERASED, detail },
      });
    }
    const us = got.unsubscribes.filter((u) => u.value.email !== ERASED);
    for (const u of us) writes.push({ entry: u, value: { ...u.value, email: ERASED } });
    if (await store.rewriteBlocks(ctx.kv, writes)) {
      return { suppressions: writes.length - us.length, unsubscribes: us.length };
    }
  }
}
