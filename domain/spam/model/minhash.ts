/**
 * Near-duplicate detection (the same or almost the same text from
 * several IPs or sites within hours): MinHash over word 2-shingles with
 * locality-sensitive banding. 32 minima in 8 bands of 4: two texts whose
 * shingle sets overlap by 80 % share a band with probability 0.98, by 50 %
 * with 0.4, by 30 % with 0.06. A store indexes each band key, finds candidates
 * with eight key lookups (no scan), and confirms them with `similarity`.
 */
import { fnv, mix32 } from "./hashing.ts";
import { normalize, wordsOf } from "../text.ts";

export const MIN_WORDS = 6;
export const HASHES = 32;
export const BANDS = 8;
const ROWS = HASHES / BANDS;
/** Estimated overlap from which two texts count as near duplicates. */
export const NEAR_DUPLICATE = 0.6;
const MAX_WORDS = 600;
const SEEDS = Array.from(
  { length: HASHES },
  (_, i) => mix32(0x5bd1e995 ^ Math.imul(i + 1, 0x9e3779b1)),
);

export type Signature = Uint32Array;

/** The MinHash signature of a text, or null when it has under MIN_WORDS words. */
export function minhash(text: string): Signature | null {
  const words = wordsOf(normalize(text), MAX_WORDS);
  if (words.length < MIN_WORDS) return null;
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (let i = 0; i + 1 < words.length; i++) {
    const h = fnv(words[i] + " " + words[i + 1]);
    for (let k = 0; k < HASHES; k++) {
      const v = mix32(h ^ SEEDS[k]);
      if (v < sig[k]) sig[k] = v;
    }
  }
  return sig;
}

/** Estimated Jaccard overlap of the two texts' shingle sets: the share of equal minima. */
export function similarity(a: Signature, b: Signature): number {
  let same = 0;
  for (let k = 0; k < HASHES; k++) if (a[k] === b[k]) same++;
  return same / HASHES;
}

export function isNearDuplicate(a: Signature, b: Signature): boolean {
  return similarity(a, b) >= NEAR_DUPLICATE;
}

/** Eight keys ("3:9f0c22d1", ...), one per band: index them, look candidates up by them. */
export function bandKeys(sig: Signature): string[] {
  const keys: string[] = [];
  for (let band = 0; band < BANDS; band++) {
    let h = 0x811c9dc5 ^ band;
    for (let r = 0; r < ROWS; r++) h = mix32(h ^ sig[band * ROWS + r]);
    keys.push(`${band}:${h.toString(16).padStart(8, "0")}`);
  }
  return keys;
}
