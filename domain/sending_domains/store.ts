/**
 * Sending domains of a site: the DKIM key pair (private part sealed), the From
 * address, and the DNS-check state. Domains are unique service-wide.
 *
 * Indexes kept in the same atomic operation as the record: by name (unique), by
 * site, pending (the hourly check's work list) and verified-by-site; the site's
 * routing (site_routing.ts) holds the domain mail uses and changes with them.
 */
import { keys } from "../kernel/kv/keys.ts";
import { commit, listByIndex, retryOnConflict } from "../kernel/kv/kv.ts";
import { ConflictError } from "../kernel/errors.ts";
import { changeRoutingIn, isMailDomain, mailDomain, mailDomainAfter } from "../sites/routing.ts";
import type { Sealed } from "../kernel/crypto.ts";

export type SendingDomainStatus = "pending" | "verified";

export type SendingDomain = {
  id: string;
  site_id: string;
  /** Lowercase domain name. */
  domain: string;
  /** Address mail is sent from in domain mode; must belong to `domain`. */
  from_address: string | null;
  status: SendingDomainStatus;
  dkim: {
    selector: string;
    /** Public key, base64 of the DER SubjectPublicKeyInfo (the p= of the DNS record). */
    public_key: string;
    /** PKCS#8 PEM private key, sealed with AES-256-GCM (AAD = domain id). */
    private_key: Sealed;
  };
  verified_at: string | null;
  last_checked_at: string | null;
  /** Why the latest check failed, for the operator (null when it passed). */
  last_check_error: string | null;
  created_at: string;
  updated_at: string;
};

/** Adds the status-dependent indexes of `d` (pending or verified) to `op`. */
function statusIndexMutations(op: Deno.AtomicOperation, d: SendingDomain) {
  if (d.status === "pending") {
    op.set(keys.sendingDomainPending(d.id), d.id)
      .delete(keys.sendingDomainVerifiedBySite(d.site_id, d.id));
  } else {
    op.delete(keys.sendingDomainPending(d.id))
      .set(keys.sendingDomainVerifiedBySite(d.site_id, d.id), d.id);
  }
  return op;
}

/** Whether a change from `prev` to `next` can change which domain the site's mail uses. */
function routingMoves(prev: SendingDomain | null, next: SendingDomain | null): boolean {
  const a = isMailDomain(prev) ? JSON.stringify(mailDomain(prev)) : null;
  const b = isMailDomain(next) ? JSON.stringify(mailDomain(next)) : null;
  return a !== b;
}

/** Adds the site's routing update for domain `id` becoming `next` (null: deleted) to `op`. */
async function routeDomainChange(
  kv: Deno.Kv,
  op: Deno.AtomicOperation,
  siteId: string,
  id: string,
  prev: SendingDomain | null,
  next: SendingDomain | null,
) {
  if (!routingMoves(prev, next)) return;
  const domain = await mailDomainAfter(kv, siteId, id, next);
  await changeRoutingIn(kv, op, siteId, (r) => ({ ...r, domain }));
}

/** Creates a domain; ConflictError when the name is already registered. */
export async function createSendingDomain(kv: Deno.Kv, d: SendingDomain): Promise<SendingDomain> {
  for (let attempt = 1;; attempt++) {
    const op = kv.atomic()
      .check({ key: keys.sendingDomain(d.id), versionstamp: null })
      .check({ key: keys.sendingDomainByName(d.domain), versionstamp: null })
      .set(keys.sendingDomain(d.id), d)
      .set(keys.sendingDomainByName(d.domain), d.id)
      .set(keys.sendingDomainBySite(d.site_id, d.id), d.id);
    statusIndexMutations(op, d);
    await routeDomainChange(kv, op, d.site_id, d.id, null, d);
    if ((await op.commit()).ok) return d;
    // The name is taken, unless only the site's routing moved meanwhile: then again.
    const taken = await kv.get(keys.sendingDomainByName(d.domain));
    if (taken.versionstamp !== null || attempt >= 10) {
      throw new ConflictError(`sending domain ${d.domain} is already registered`);
    }
  }
}

export async function getSendingDomainEntry(
  kv: Deno.Kv,
  id: string,
): Promise<Deno.KvEntryMaybe<SendingDomain>> {
  return await kv.get<SendingDomain>(keys.sendingDomain(id));
}

export async function getSendingDomain(kv: Deno.Kv, id: string): Promise<SendingDomain | null> {
  return (await kv.get<SendingDomain>(keys.sendingDomain(id))).value;
}

/**
 * Replaces a domain record if it has not changed since `versionstamp` (read as
 * `prev`), keeping the status indexes and the site's routing right; `extra`
 * adds the caller's own mutations (an event). ConflictError when the record or
 * the site's routing changed meanwhile.
 */
export async function replaceSendingDomain(
  kv: Deno.Kv,
  versionstamp: string,
  prev: SendingDomain,
  next: SendingDomain,
  extra?: (op: Deno.AtomicOperation) => void,
): Promise<void> {
  const op = kv.atomic()
    .check({ key: keys.sendingDomain(next.id), versionstamp })
    .set(keys.sendingDomain(next.id), next);
  statusIndexMutations(op, next);
  await routeDomainChange(kv, op, next.site_id, next.id, prev, next);
  extra?.(op);
  await commit(op, `sending domain ${next.domain} changed concurrently`);
}

/** Deletes a domain and every index entry; false when it does not exist. */
export function deleteSendingDomain(kv: Deno.Kv, id: string): Promise<boolean> {
  return retryOnConflict(async () => {
    const r = await kv.get<SendingDomain>(keys.sendingDomain(id));
    const d = r.value;
    if (!d) return false;
    const op = kv.atomic().check(r)
      .delete(keys.sendingDomain(id))
      .delete(keys.sendingDomainByName(d.domain))
      .delete(keys.sendingDomainBySite(d.site_id, id))
      .delete(keys.sendingDomainPending(id))
      .delete(keys.sendingDomainVerifiedBySite(d.site_id, id));
    await routeDomainChange(kv, op, d.site_id, id, d, null);
    await commit(op, `sending domain ${d.domain} changed concurrently`);
    return true;
  });
}

/** Domains of a site, newest first. */
export function listSendingDomainsOfSite(kv: Deno.Kv, siteId: string): Promise<SendingDomain[]> {
  return listByIndex<SendingDomain>(kv, keys.sendingDomainsBySite(siteId), keys.sendingDomain, {
    reverse: true,
  });
}

/** Ids of domains not yet verified (for the hourly check). */
export async function pendingSendingDomainIds(kv: Deno.Kv): Promise<string[]> {
  const out: string[] = [];
  for await (const e of kv.list<string>({ prefix: keys.sendingDomainsPending() })) {
    out.push(e.value);
  }
  return out;
}

/**
 * Kept for callers that build their own create operation; createSendingDomain
 * already writes the pending index.
 */
export function pendingIndexMutation(op: Deno.AtomicOperation, d: SendingDomain) {
  return op.set(keys.sendingDomainPending(d.id), d.id);
}

/**
 * Claims the check of one domain in one hourly run, so that several processes
 * running the same cron check each domain once. The claim outlives the hour.
 */
export async function claimDomainCheck(kv: Deno.Kv, slot: number, id: string): Promise<boolean> {
  const key = keys.sendingDomainCheckClaim(slot, id);
  const r = await kv.atomic().check({ key, versionstamp: null })
    .set(key, true, { expireIn: 2 * 60 * 60 * 1000 }).commit();
  return r.ok;
}
