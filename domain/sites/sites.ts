/** Operator actions and reads on sites and their API keys, and the public view of a site. */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { uuidv7 } from "../kernel/ids.ts";
import { ApiError } from "../kernel/errors.ts";
import { email, str } from "../kernel/validation.ts";
import { type ApiKeyMode, newApiKey } from "./auth.ts";
import { readAccount } from "../accounts/accounts.ts";
import { normalizeDomain, RequestLimit, type Site } from "./schema.ts";
import * as store from "./store.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import {
  type ApiKeyRecord,
  createApiKey,
  getApiKey,
  listApiKeysOfSite as listApiKeyRecords,
  revokeApiKey,
  rotateApiKey,
} from "./api_keys_store.ts";
import { ConflictError } from "../kernel/errors.ts";

// A registrable host name: labels of letters, digits and hyphens, at least one dot.
const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export const domainName = () =>
  z.string().transform(normalizeDomain).refine(
    (d) => DOMAIN_RE.test(d),
    "must be a domain name such as example.com",
  );

export const SiteCreate = z.object({
  account_id: str(100).nullable().default(null),
  name: str(200, 1),
  domain: domainName(),
  default_notify_email: email().nullable().optional(),
  default_from_name: str(120).nullable().optional(),
  tracking: z.object({ opens: z.boolean(), clicks: z.boolean() }).partial().optional(),
  /** Per-key request limit; null (the default) = off. */
  request_limit: RequestLimit.nullable().optional(),
  /** Days personal records are kept; null (the default): the service's SVC_RETENTION_DAYS. */
  retention_days: z.number({ error: "must be a whole number of days from 1 to 3650, or null" })
    .int("must be a whole number of days").min(1, "must be at least 1")
    .max(3650, "must be at most 3650").nullable().optional(),
});

export const SitePatch = SiteCreate.omit({ account_id: true }).partial().extend({
  account_id: str(100).nullable().optional(),
});

/** The site as the operator API shows it: everything but the sealed secret. */
export function siteView(s: Site) {
  const { captcha, ...rest } = s;
  return {
    ...rest,
    retention_days: s.retention_days ?? null,
    captcha: {
      provider: captcha.provider,
      site_key: captcha.site_key,
      has_secret: captcha.secret !== null,
    },
  };
}

/** The site with this id, or null. */
export function readSite(ctx: Ctx, id: string): Promise<Site | null> {
  return store.getSite(ctx.kv, id);
}

/** The newest sites first, at most `limit`. */
export function listSites(ctx: Ctx, opts: { limit: number }): Promise<Site[]> {
  return store.listSites(ctx.kv, opts.limit);
}

/** The sites of an account, oldest first; null when the account does not exist. */
export async function listSitesOfAccount(ctx: Ctx, accountId: string): Promise<Site[] | null> {
  if (!(await readAccount(ctx, accountId))) return null;
  return await store.listSitesOfAccount(ctx.kv, accountId);
}

async function checkAccount(ctx: Ctx, accountId: string | null | undefined) {
  if (accountId && !(await readAccount(ctx, accountId))) {
    throw new ApiError("invalid_payload", 400, {
      details: [{ field: "account_id", message: "no account has this id" }],
    });
  }
}

function conflict(message: string) {
  return new ApiError("conflict", 409, { message });
}

export async function newSite(ctx: Ctx, input: z.output<typeof SiteCreate>): Promise<Site> {
  await checkAccount(ctx, input.account_id);
  const t = ctx.clock.now();
  const site: Site = {
    id: uuidv7(t),
    account_id: input.account_id,
    name: input.name,
    domain: input.domain,
    verified: false,
    domain_match: null,
    site_url: null,
    plugin_ver: null,
    wp_version: null,
    php_version: null,
    default_notify_email: input.default_notify_email ?? null,
    default_from_name: input.default_from_name ?? null,
    captcha: { provider: "shared", site_key: null, secret: null },
    disabled: null,
    tracking: { opens: true, clicks: true, ...input.tracking },
    request_limit: input.request_limit ?? null,
    retention_days: input.retention_days ?? null,
    created_at: isoTime(t),
    updated_at: isoTime(t),
  };
  try {
    return await store.createSite(ctx.kv, site);
  } catch (e) {
    if (e instanceof ConflictError) throw conflict(`domain ${site.domain} is already registered`);
    throw e;
  }
}

export async function patchSite(
  ctx: Ctx,
  id: string,
  input: z.output<typeof SitePatch>,
): Promise<Site | null> {
  await checkAccount(ctx, input.account_id);
  try {
    // A lost race with another writer (verify, captcha) is retried; a taken
    // domain fails every retry and is reported below.
    return await retryOnConflict(() =>
      store.updateSite(ctx, id, (s) => ({
        ...s,
        ...(input.name !== undefined && { name: input.name }),
        ...(input.domain !== undefined && { domain: input.domain }),
        ...(input.account_id !== undefined && { account_id: input.account_id }),
        ...(input.default_notify_email !== undefined &&
          { default_notify_email: input.default_notify_email }),
        ...(input.default_from_name !== undefined &&
          { default_from_name: input.default_from_name }),
        ...(input.tracking !== undefined && { tracking: { ...s.tracking, ...input.tracking } }),
        ...(input.request_limit !== undefined && { request_limit: input.request_limit }),
        ...(input.retention_days !== undefined && { retention_days: input.retention_days }),
        updated_at: isoTime(ctx.clock.now()),
      })), 5);
  } catch (e) {
    if (e instanceof ConflictError && input.domain !== undefined) {
      const owner = await store.getSiteIdByDomain(ctx.kv, input.domain);
      if (owner !== null && owner !== id) {
        throw conflict(`domain ${input.domain} is already registered`);
      }
    }
    throw e;
  }
}

/** The body of key creation: `mode: "test"` makes a `svc_test_` sandbox key. */
export const ApiKeyCreate = z.object({
  mode: z.enum(["live", "test"], { error: "must be live or test" }).default("live"),
});

/**
 * Creates a key for a site (live, or a `svc_test_` sandbox key); the key
 * itself is returned only here.
 */
export async function issueApiKey(
  ctx: Ctx,
  siteId: string,
  opts: { mode?: ApiKeyMode } = {},
): Promise<{ id: string; api_key: string; mode: ApiKeyMode }> {
  const mode = opts.mode ?? "live";
  const { key, hash, prefix } = newApiKey(mode);
  const id = uuidv7(ctx.clock.now());
  await createApiKey(ctx.kv, {
    id,
    site_id: siteId,
    hash,
    prefix,
    created_at: isoTime(ctx.clock.now()),
    rotated_at: null,
    revoked_at: null,
    ...(mode === "test" && { mode: "test" as const }),
  });
  return { id, api_key: key, mode };
}

/** Gives the key a new secret value; the old one fails from now on. */
export async function rotateKey(
  ctx: Ctx,
  siteId: string,
  keyId: string,
): Promise<{ id: string; api_key: string } | null> {
  const rec = await getApiKey(ctx.kv, keyId);
  if (!rec || rec.site_id !== siteId || rec.revoked_at) return null;
  const { key, hash, prefix } = newApiKey(rec.mode ?? "live");
  // The key check may answer from memory (domain/kernel/presence.ts).
  await ctx.presence.beforeAuthWrite();
  try {
    const r = await rotateApiKey(ctx.kv, keyId, hash, prefix, isoTime(ctx.clock.now()));
    return r ? { id: keyId, api_key: key } : null;
  } finally {
    ctx.presence.invalidate();
  }
}

export async function revokeKey(ctx: Ctx, siteId: string, keyId: string): Promise<boolean> {
  const rec = await getApiKey(ctx.kv, keyId);
  if (!rec || rec.site_id !== siteId) return false;
  await ctx.presence.beforeAuthWrite();
  try {
    await revokeApiKey(ctx.kv, keyId, isoTime(ctx.clock.now()));
  } finally {
    ctx.presence.invalidate();
  }
  return true;
}

/** An API key as the operator sees it: everything but the hash of its secret. */
export type ApiKeyView = Omit<ApiKeyRecord, "hash" | "mode"> & { mode: ApiKeyMode };

/** The keys of a site, revoked ones included, oldest first. */
export async function listApiKeysOfSite(ctx: Ctx, siteId: string): Promise<ApiKeyView[]> {
  return (await listApiKeyRecords(ctx.kv, siteId)).map(({ hash: _h, mode, ...k }) => ({
    ...k,
    mode: mode ?? "live",
  }));
}

/**
 * Read-modify-write of a site (checked; `change` is a pure function of the
 * site) for the capabilities that keep settings on it or change it by their
 * own rules (forms: captcha; blocks: disabling, IP lists), with `also`
 * committed in the same operation (store.updateSite).
 */
export function changeSite(
  ctx: Ctx,
  id: string,
  change: (s: Site) => Site,
  also?: (op: Deno.AtomicOperation, prev: Site, next: Site) => void,
): Promise<Site | null> {
  return store.updateSite(ctx, id, change, also);
}
