/**
 * Feature hashing: every feature (a word, a bigram, a character n-gram, a
 * fact such as "link:shortener") becomes one of BUCKETS weights. FNV-1a over
 * UTF-16 code units with a per-namespace seed, then a murmur3 finaliser so that
 * the low bits used as the bucket are well mixed. Pure integer arithmetic: the
 * same text gives the same buckets on every machine.
 */

/** 2^18 weights: few collisions for the vocabulary of a contact form or an email. */
export const BUCKET_BITS = 18;
export const BUCKETS = 1 << BUCKET_BITS;
const MASK = BUCKETS - 1;

const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** murmur3's 32-bit finaliser. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a string, continuing from `seed`. */
export function fnv(s: string, seed = FNV_OFFSET): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h >>> 0;
}

/** Seed of a namespace: features of different kinds never share a hash by construction. */
export function nsSeed(ns: string): number {
  return fnv(ns + "\u0000");
}

/** Step of FNV-1a by one code point (used for rolling character n-grams). */
export function fnvStep(h: number, cp: number): number {
  return Math.imul(h ^ cp, FNV_PRIME) >>> 0;
}

export function bucket(h: number): number {
  return mix32(h) & MASK;
}

/** Deterministic PRNG (mulberry32) for shuffling and splits. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
