/** Sites: the tenant every API key acts for. */
import { keys } from "../kernel/kv/keys.ts";
import { ConflictError } from "../kernel/errors.ts";
import type { Ctx } from "../kernel/context.ts";
import {
  commit,
  deleteKeyGroups,
  listByIndex,
  listValues,
  serializeOnKey,
  sweepPrefix,
} from "../kernel/kv/kv.ts";
import { EMPTY_ROUTING } from "./routing_store.ts";
import { normalizeDomain, type Site } from "./schema.ts";

// Modules written before schema.ts import the site's types from here.
export {
  CAPTCHA_PROVIDERS,
  type CaptchaProvider,
  normalizeDomain,
  type Site,
  type SiteCaptcha,
  type SiteDisabled,
} from "./schema.ts";

/** Creates a site; fails with ConflictError when its domain is already registered. */
export async function createSite(kv: Deno.Kv, site: Site): Promise<Site> {
  await commit(
    kv.atomic()
      .check({ key: keys.site(site.id), versionstamp: null })
      .check({ key: keys.siteByDomain(site.domain), versionstamp: null })
      .set(keys.site(site.id), site)
      .set(keys.siteByDomain(site.domain), site.id)
      .set(keys.siteByAccount(site.account_id, site.id), site.id)
      .set(keys.siteRouting(site.id), EMPTY_ROUTING),
    `domain ${site.domain} is already registered`,
  );
  return site;
}

export async function getSite(kv: Deno.Kv, id: string): Promise<Site | null> {
  return (await kv.get<Site>(keys.site(id))).value;
}

export async function getSiteEntry(kv: Deno.Kv, id: string): Promise<Deno.KvEntryMaybe<Site>> {
  return await kv.get<Site>(keys.site(id));
}

/**
 * Read-modify-write of a site with a versionstamp check. Index changes (domain,
 * account) are kept in the same operation. Returns null when the site is gone.
 */
export function updateSite(
  ctx: Pick<Ctx, "kv" | "locks" | "presence">,
  id: string,
  change: (s: Site) => Site,
  /** Mutations that must commit with the change (a job it starts), given the site before and after. */
  also?: (op: Deno.AtomicOperation, prev: Site, next: Site) => void,
): Promise<Site | null> {
  // In-process writers queue up; a writer in another process that wins the race
  // makes this one re-read and re-apply `change` (a pure function of the site).
  const { kv } = ctx;
  return serializeOnKey(ctx.locks, keys.site(id), async () => {
    // The key check may answer from memory (domain/kernel/presence.ts): drop it
    // before the commit and again after it.
    await ctx.presence.beforeAuthWrite();
    try {
      return await writeSite(kv, id, change, also);
    } finally {
      ctx.presence.invalidate();
    }
  });
}

async function writeSite(
  kv: Deno.Kv,
  id: string,
  change: (s: Site) => Site,
  also?: (op: Deno.AtomicOperation, prev: Site, next: Site) => void,
): Promise<Site | null> {
  for (let attempt = 1;; attempt++) {
    const r = await kv.get<Site>(keys.site(id));
    if (!r.value) return null;
    const prev = r.value;
    const next = change(prev);
    const op = kv.atomic().check(r).set(keys.site(id), next);
    if (next.domain !== prev.domain) {
      op.check({ key: keys.siteByDomain(next.domain), versionstamp: null })
        .delete(keys.siteByDomain(prev.domain))
        .set(keys.siteByDomain(next.domain), id);
    }
    if (next.account_id !== prev.account_id) {
      op.delete(keys.siteByAccount(prev.account_id, id))
        .set(keys.siteByAccount(next.account_id, id), id);
    }
    also?.(op, prev, next);
    if ((await op.commit()).ok) return next;
    const now = await kv.get(keys.site(id));
    if (now.versionstamp === r.versionstamp || attempt >= 10) {
      // The site did not move: the new domain is taken.
      throw new ConflictError(`site ${id}: domain ${next.domain} is already registered`);
    }
  }
}

export function listSitesOfAccount(kv: Deno.Kv, accountId: string | null): Promise<Site[]> {
  return listByIndex<Site>(kv, keys.sitesByAccount(accountId), keys.site);
}

export function listSites(kv: Deno.Kv, limit = 100): Promise<Site[]> {
  return listValues<Site>(kv, { prefix: keys.sites() }, { limit, reverse: true });
}

export async function getSiteIdByDomain(kv: Deno.Kv, domain: string): Promise<string | null> {
  return (await kv.get<string>(keys.siteByDomain(normalizeDomain(domain)))).value;
}

/**
 * Deletes the site record with its domain and account index entries, and
 * `also` (the durable sweep of everything else it owns) in the same
 * operation: from this commit on, reads and its keys find no site. Returns
 * the site as it was, or null when there is none.
 */
export function removeSite(
  ctx: Pick<Ctx, "kv" | "locks" | "presence">,
  id: string,
  also: (op: Deno.AtomicOperation, site: Site) => void,
): Promise<Site | null> {
  return serializeOnKey(ctx.locks, keys.site(id), async () => {
    await ctx.presence.beforeAuthWrite();
    try {
      for (;;) {
        const r = await ctx.kv.get<Site>(keys.site(id));
        if (!r.value) return null;
        const op = ctx.kv.atomic().check(r)
          .delete(keys.site(id))
          .delete(keys.siteByDomain(r.value.domain))
          .delete(keys.siteByAccount(r.value.account_id, id));
        also(op, r.value);
        if ((await op.commit()).ok) return r.value;
      }
    } finally {
      ctx.presence.invalidate();
    }
  });
}

/**
 * One batch of the last step of a deleted site's sweep: whatever is left
 * under its prefixes (keys.siteKeyPrefixes), then its routing record.
 * Returns how many keys went; 0 when nothing is left.
 */
export async function sweepSiteKeys(kv: Deno.Kv, siteId: string, limit: number): Promise<number> {
  for (const prefix of keys.siteKeyPrefixes(siteId)) {
    const n = await sweepPrefix(kv, prefix, limit);
    if (n > 0) return n;
  }
  const routing = await kv.get(keys.siteRouting(siteId));
  if (routing.versionstamp === null) return 0;
  await deleteKeyGroups(kv, [[routing.key]]);
  return 1;
}
