/**
 * A site's `verified` flag: POST /sites/verify (match a site URL against the
 * registered domain and save it), and `markVerified` after the first stored
 * submission or sent email.
 */
import { z } from "zod";
import type { Ctx } from "../kernel/context.ts";
import { isoTime } from "../kernel/clock.ts";
import { ApiError } from "../kernel/errors.ts";
import { httpUrl, str } from "../kernel/validation.ts";
import { retryOnConflict } from "../kernel/kv/kv.ts";
import { normalizeDomain, type Site } from "./schema.ts";
import { getSite, updateSite } from "./store.ts";

export const SiteVerify = z.object({
  site_url: httpUrl(2000),
  plugin_ver: str(20).nullish(),
  wp_version: str(20).nullish(),
  php_version: str(20).nullish(),
});
export type SiteVerifyInput = z.output<typeof SiteVerify>;

/**
 * Whether the URL's host is the domain or a subdomain of it. Case, port and a
 * trailing dot do not matter; `evil-example.com` is not `example.com`.
 */
export function hostMatchesDomain(siteUrl: string, domain: string): boolean {
  let host: string;
  try {
    host = new URL(siteUrl).hostname; // lowercase, no port
  } catch {
    return false;
  }
  host = normalizeDomain(host);
  const d = normalizeDomain(domain);
  return d !== "" && (host === d || host.endsWith("." + d));
}

/** Saves the URL and versions; verified becomes true on a match and stays true. */
export async function verifySite(ctx: Ctx, siteId: string, input: SiteVerifyInput): Promise<Site> {
  const saved = await retryOnConflict(() =>
    updateSite(ctx, siteId, (site) => {
      const match = hostMatchesDomain(input.site_url, site.domain);
      return {
        ...site,
        verified: site.verified || match,
        domain_match: match,
        site_url: input.site_url,
        // A version not sent keeps what an earlier call saved.
        plugin_ver: input.plugin_ver ?? site.plugin_ver,
        wp_version: input.wp_version ?? site.wp_version,
        php_version: input.php_version ?? site.php_version,
        updated_at: isoTime(ctx.clock.now()),
      };
    })
  );
  if (!saved) throw new ApiError("invalid_api_key", 401);
  return saved;
}

/**
 * Sets `verified` once the site stored a submission or sent an email. Never
 * throws: the caller's work is done, and a lost race on the flag is made good
 * by the next one.
 */
export async function markVerified(ctx: Ctx, site: Pick<Site, "id" | "verified">): Promise<void> {
  if (site.verified) return;
  try {
    // The caller's site may be old (a sequence step's): write only when needed.
    if ((await getSite(ctx.kv, site.id))?.verified !== false) return;
    await retryOnConflict(() =>
      updateSite(
        ctx,
        site.id,
        (s) => s.verified ? s : { ...s, verified: true, updated_at: isoTime(ctx.clock.now()) },
      )
    );
  } catch (e) {
    ctx.log.warn("could not mark the site verified", { site_id: site.id, error: e });
  }
}
