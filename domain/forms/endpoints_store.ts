/** Form endpoints of static sites: the record and its per-site index. */
import { keys } from "../kernel/kv/keys.ts";
import { commit, deleteKeyGroups, listByIndex } from "../kernel/kv/kv.ts";
import type { FormEndpoint } from "./endpoints_schema.ts";

export async function createFormEndpoint(kv: Deno.Kv, e: FormEndpoint): Promise<FormEndpoint> {
  await commit(
    kv.atomic()
      .check({ key: keys.formEndpoint(e.id), versionstamp: null })
      .set(keys.formEndpoint(e.id), e)
      .set(keys.formEndpointBySite(e.site_id, e.id), e.id),
    "form endpoint id taken",
  );
  return e;
}

export async function getFormEndpoint(kv: Deno.Kv, id: string): Promise<FormEndpoint | null> {
  return (await kv.get<FormEndpoint>(keys.formEndpoint(id))).value;
}

/** The endpoints of a site, oldest first. */
export function listFormEndpointsOfSite(kv: Deno.Kv, siteId: string): Promise<FormEndpoint[]> {
  return listByIndex<FormEndpoint>(kv, keys.formEndpointsBySite(siteId), keys.formEndpoint);
}

/**
 * Applies `change` to a site's endpoint, checked against the version read (a
 * concurrent change or delete answers conflict); null when the site has no
 * such endpoint.
 */
export async function updateFormEndpoint(
  kv: Deno.Kv,
  siteId: string,
  id: string,
  change: (e: FormEndpoint) => FormEndpoint,
): Promise<FormEndpoint | null> {
  const r = await kv.get<FormEndpoint>(keys.formEndpoint(id));
  if (!r.value || r.value.site_id !== siteId) return null;
  const next = change(r.value);
  await commit(
    kv.atomic().check(r).set(keys.formEndpoint(id), next),
    "form endpoint changed meanwhile",
  );
  return next;
}

/** Removes an endpoint and its index entry; false when the site has no such endpoint. */
export async function deleteFormEndpoint(
  kv: Deno.Kv,
  siteId: string,
  id: string,
): Promise<boolean> {
  const r = await kv.get<FormEndpoint>(keys.formEndpoint(id));
  if (!r.value || r.value.site_id !== siteId) return false;
  await commit(
    kv.atomic().check(r).delete(keys.formEndpoint(id)).delete(keys.formEndpointBySite(siteId, id)),
    "form endpoint changed meanwhile",
  );
  return true;
}

/** One batch (up to `limit`) of deleting a deleted site's endpoints; how many went (0: done). */
export async function sweepFormEndpointsOfSite(
  kv: Deno.Kv,
  siteId: string,
  limit: number,
): Promise<number> {
  const all = await listFormEndpointsOfSite(kv, siteId);
  const batch = all.slice(0, limit);
  await deleteKeyGroups(
    kv,
    batch.map((e) => [keys.formEndpoint(e.id), keys.formEndpointBySite(siteId, e.id)]),
  );
  return batch.length;
}
