/** Sites: the tenant every API key acts for. */
import { keys } from "../kernel/kv/keys.ts";
import { ConflictError } from "../kernel/errors.ts";
import { commit, listByIndex, listValues, serializeOnKey } from "../kernel/kv/kv.ts";
import type { Sealed } from "../kernel/crypto.ts";
import { EMPTY_ROUTING } from "./routing_store.ts";

export const CAPTCHA_PROVIDERS = [
  "shared",
  "turnstile",
  "hcaptcha",
  "recaptcha",
  "recaptcha_v3",
  "none",
] as const;
export type CaptchaProvider = typeof CAPTCHA_PROVIDERS[number];

export type SiteCaptcha = {
  provider: CaptchaProvider;
  /** Public key saved by the caller (null for shared and none). */
  site_key: string | null;
  /** Secret key sealed with AES-256-GCM (AAD = site id); never returned. */
  secret: Sealed | null;
};

export type SiteDisabled = {
  /** true when the service disabled the site for abuse (then self-liftable). */
  automatic: boolean;
  reason: string | null;
  at: string;
};

export type Site = {
  id: string;
  account_id: string | null;
  name: string;
  /** Registered domain, lowercase. */
  domain: string;
  verified: boolean;
  /** Result of the latest verify call; null before the first. */
  domain_match: boolean | null;
  site_url: string | null;
  plugin_ver: string | null;
  wp_version: string | null;
  php_version: string | null;
  default_notify_email: string | null;
  default_from_name: string | null;
  captcha: SiteCaptcha;
  disabled: SiteDisabled | null;
  /** Open and click tracking of HTML mail (ours; default on). */
  tracking: { opens: boolean; clicks: boolean };
  /**
   * Per-key request limit (the spec's overview: 60 a minute with a small burst);
   * null = off, the default.
   */
  request_limit: { per_minute: number; burst: number } | null;
  created_at: string;
  updated_at: string;
};

export function normalizeDomain(d: string): string {
  return d.trim().toLowerCase().replace(/\.$/, "");
}

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
  kv: Deno.Kv,
  id: string,
  change: (s: Site) => Site,
): Promise<Site | null> {
  // In-process writers queue up; a writer in another process that wins the race
  // makes this one re-read and re-apply `change` (a pure function of the site).
  return serializeOnKey(kv, keys.site(id), async () => {
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
      if ((await op.commit()).ok) return next;
      const now = await kv.get(keys.site(id));
      if (now.versionstamp === r.versionstamp || attempt >= 10) {
        // The site did not move: the new domain is taken.
        throw new ConflictError(`site ${id}: domain ${next.domain} is already registered`);
      }
    }
  });
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
