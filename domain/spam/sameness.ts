/**
 * Sameness as evidence: how far one text has spread, counted so that ordinary
 * traffic does not look like a campaign.
 *
 * - A copy is an earlier submission that shares at least SAME_TEXT_BANDS of
 *   the text's eight MinHash bands (about 80 % of its word pairs or more: the
 *   same text with names changed). One shared band is not enough: messages
 *   built from the same stock sentences ("Could you send me a quote...")
 *   share a band all day on a service with thousands of sites.
 * - A source is one person: copies from the same IP or the same sender
 *   address count once, so one quote request sent to five businesses is one
 *   source.
 * - Campaign-sized: CAMPAIGN_SOURCES sources AND CAMPAIGN_SITES sites, on a
 *   text of CAMPAIGN_MIN_WORDS words or more. Shorter texts (one or two stock
 *   sentences) are written independently by many people every hour: on a
 *   10,000-site service five people send the same two sentences to five
 *   sites within hours. Below campaign size a long text from two sources at
 *   two sites is a soft signal; a short one is no signal.
 *
 * The thresholds come from the base-rate simulation (bench/spam_base_rate.ts,
 * docs/spam.md "Signals"), not from the corpus.
 */
import { fnv } from "./model/hashing.ts";
import type { Sighting } from "./store.ts";

export const SAME_TEXT_BANDS = 4;
export const CAMPAIGN_SOURCES = 5;
export const CAMPAIGN_SITES = 5;
export const CAMPAIGN_MIN_WORDS = 40;

/** A short tag of a sender address (the memory keeps no address). */
export function senderTag(address: string | null): string | null {
  if (!address) return null;
  return fnv(address.trim().toLowerCase()).toString(36);
}

export type Spread = { sources: number; sites: number; ips: number };

/**
 * The spread of this text: the earlier copies in `sightings` (per band) and
 * this submission (`me`), as distinct sources, sites and IPs.
 */
export function spreadOf(
  sightings: Sighting[][],
  me: { ip: string | null; from: string | null; site: string },
): Spread {
  const bands = new Map<string, number>();
  const first = new Map<string, Sighting>();
  for (const seen of sightings) {
    const once = new Set<string>();
    for (const s of seen) {
      // Sightings written before copies were told apart carry no id: not counted.
      if (!s.id || once.has(s.id)) continue;
      once.add(s.id);
      bands.set(s.id, (bands.get(s.id) ?? 0) + 1);
      if (!first.has(s.id)) first.set(s.id, s);
    }
  }
  const copies: { ip: string | null; from: string | null; site: string }[] = [me];
  for (const [id, n] of bands) {
    if (n < SAME_TEXT_BANDS) continue;
    const s = first.get(id)!;
    copies.push({ ip: s.ip, from: s.from ?? null, site: s.site });
  }
  // Sources: copies joined when they share an IP or a sender (union-find).
  const parent = copies.map((_, i) => i);
  const root = (i: number): number => parent[i] === i ? i : (parent[i] = root(parent[i]));
  const owner = new Map<string, number>();
  copies.forEach((c, i) => {
    for (const k of [c.ip && `ip:${c.ip}`, c.from && `from:${c.from}`]) {
      if (!k) continue;
      const o = owner.get(k);
      if (o === undefined) owner.set(k, i);
      else parent[root(i)] = root(o);
    }
  });
  const sources = new Set(copies.map((_, i) => root(i))).size;
  const sites = new Set(copies.map((c) => c.site)).size;
  const ips = new Set(copies.map((c) => c.ip).filter((x) => x !== null)).size;
  return { sources, sites, ips };
}

/** Words of the compared text (what CAMPAIGN_MIN_WORDS counts): letters only, numbers vary. */
export function wordCount(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(/\p{L}+/gu)) n++;
  return n;
}
