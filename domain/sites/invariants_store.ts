/** The sites' and API keys' invariants for the doctor (domain/kernel/invariants.ts). */
import { keys } from "../kernel/kv/keys.ts";
import { indexPointsAtRecord } from "../kernel/kv/invariants.ts";
import type { Invariant } from "../kernel/invariants.ts";

export const siteInvariants: Invariant[] = [
  indexPointsAtRecord("sites: domain index points at a site", keys.siteByDomain(""), keys.site),
  indexPointsAtRecord(
    "sites: account index points at a site",
    keys.siteByAccount(null, ""),
    keys.site,
  ),
  indexPointsAtRecord(
    "api keys: site index points at a key",
    keys.apiKeyBySite("", ""),
    keys.apiKey,
  ),
  indexPointsAtRecord(
    "api keys: hash lookup points at a key",
    keys.apiKeyByHash(""),
    keys.apiKey,
    (v) => (v as { key_id: string }).key_id,
  ),
];
