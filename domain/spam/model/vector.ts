/**
 * Where extracted features go. Features come in groups; within the text
 * groups (words, bigrams, character n-grams, field words) each occurrence is
 * worth 1/sqrt(n) of its group, so a long message does not outweigh a short
 * one by length alone. Facts (the meta group) are worth 1 each.
 *
 * The same extractor feeds three sinks: `DotSink` scores on the fly (no
 * vector is built), `CollectSink` builds the sparse vectors for training, and
 * `NamedSink` keeps names to explain a score.
 */
import { bucket, BUCKETS, fnv, FNV_PRIME, mix32 } from "./hashing.ts";

const MASK = BUCKETS - 1;

export const G_WORD = 0;
export const G_BIGRAM = 1;
export const G_CHAR = 2;
export const G_FIELD = 3;
export const G_META = 4;
export const GROUP_COUNT = 5;
export const GROUP_NAMES = ["word", "bigram", "char", "field", "meta"] as const;

export interface FeatureSink {
  /**
   * A named feature: `s + tail + tail2` hashed from the namespace's seed. The
   * tails let a caller name a feature by parts ("len:" and a bucket, two words
   * of a bigram) without building the string: FNV-1a continues across them.
   */
  str(group: number, seed: number, s: string, tail?: string, tail2?: string): void;
  /** A feature whose hash the caller computed (rolling character n-grams). */
  raw(group: number, h: number): void;
}

/** Weight of each group's unit: word, bigram, char, field, meta (meta is not normalised). */
export type GroupWeights = readonly number[];
export const EQUAL_GROUPS: GroupWeights = [1, 1, 1, 1, 1];
function groupScale(gw: GroupWeights, group: number, count: number): number {
  return group === G_META ? gw[G_META] : gw[group] / Math.sqrt(count);
}

/** Dot product with a weight vector, accumulated per group while features stream in. */
export class DotSink implements FeatureSink {
  readonly sums = new Float64Array(GROUP_COUNT);
  readonly counts = new Uint32Array(GROUP_COUNT);
  constructor(readonly weights: Float32Array, readonly gw: GroupWeights = EQUAL_GROUPS) {}
  str(group: number, seed: number, s: string, tail = "", tail2 = ""): void {
    // fnv(a + b, seed) === fnv(b, fnv(a, seed)): the parts are hashed in turn.
    this.sums[group] += this.weights[bucket(fnv(tail2, fnv(tail, fnv(s, seed))))];
    this.counts[group]++;
  }
  raw(group: number, h: number): void {
    this.sums[group] += this.weights[bucket(h)];
    this.counts[group]++;
  }
  /**
   * The character n-grams of `cps[0..n)` (text_features.ts emitCharGrams), summed
   * here: the same FNV-1a steps and buckets as `raw` for each, without a call per n-gram.
   */
  charGrams(cps: Int32Array, n: number, seed: number): void {
    const w = this.weights;
    let sum = 0, count = 0;
    for (let i = 0; i + 3 <= n; i++) {
      let h = Math.imul(seed ^ cps[i], FNV_PRIME) >>> 0;
      h = Math.imul(h ^ cps[i + 1], FNV_PRIME) >>> 0;
      h = Math.imul(h ^ cps[i + 2], FNV_PRIME) >>> 0;
      sum += w[mix32(h) & MASK];
      count++;
      if (i + 3 >= n) break;
      h = Math.imul(h ^ cps[i + 3], FNV_PRIME) >>> 0;
      sum += w[mix32(h) & MASK];
      count++;
      if (i + 4 >= n) continue;
      h = Math.imul(h ^ cps[i + 4], FNV_PRIME) >>> 0;
      sum += w[mix32(h) & MASK];
      count++;
    }
    this.sums[G_CHAR] += sum;
    this.counts[G_CHAR] += count;
  }
  total(bias: number): number {
    let z = bias;
    for (let g = 0; g < GROUP_COUNT; g++) {
      if (this.counts[g] > 0) z += this.sums[g] * groupScale(this.gw, g, this.counts[g]);
    }
    return z;
  }
}

export type SparseVector = { idx: Int32Array; val: Float32Array };

/** Collects the buckets of one item and gives its normalised sparse vector. */
export class CollectSink implements FeatureSink {
  private idx: number[] = [];
  private grp: number[] = [];
  constructor(readonly gw: GroupWeights = EQUAL_GROUPS) {}
  str(group: number, seed: number, s: string, tail = "", tail2 = ""): void {
    this.idx.push(bucket(fnv(s + tail + tail2, seed)));
    this.grp.push(group);
  }
  raw(group: number, h: number): void {
    this.idx.push(bucket(h));
    this.grp.push(group);
  }
  vector(): SparseVector {
    const counts = new Uint32Array(GROUP_COUNT);
    for (const g of this.grp) counts[g]++;
    const acc = new Map<number, number>();
    for (let i = 0; i < this.idx.length; i++) {
      const g = this.grp[i];
      acc.set(this.idx[i], (acc.get(this.idx[i]) ?? 0) + groupScale(this.gw, g, counts[g]));
    }
    const keys = [...acc.keys()].sort((a, b) => a - b);
    return {
      idx: Int32Array.from(keys),
      val: Float32Array.from(keys.map((k) => acc.get(k)!)),
    };
  }
}

export type Contribution = { feature: string; group: string; weight: number };

/** Keeps feature names (character n-grams summed as one) to tell what moved a score. */
export class NamedSink implements FeatureSink {
  private items: { name: string; group: number; b: number }[] = [];
  constructor(
    readonly weights: Float32Array,
    readonly prefixOf: (seed: number) => string,
    readonly gw: GroupWeights = EQUAL_GROUPS,
  ) {}
  str(group: number, seed: number, s: string, tail = "", tail2 = ""): void {
    const name = s + tail + tail2;
    this.items.push({ name: this.prefixOf(seed) + name, group, b: bucket(fnv(name, seed)) });
  }
  raw(group: number, h: number): void {
    this.items.push({ name: "(character n-grams)", group, b: bucket(h) });
  }
  contributions(): Contribution[] {
    const counts = new Uint32Array(GROUP_COUNT);
    for (const it of this.items) counts[it.group]++;
    const by = new Map<string, Contribution>();
    for (const it of this.items) {
      const w = this.weights[it.b] * groupScale(this.gw, it.group, counts[it.group]);
      const key = `${it.group}\u0000${it.name}`;
      const c = by.get(key);
      if (c) c.weight += w;
      else by.set(key, { feature: it.name, group: GROUP_NAMES[it.group], weight: w });
    }
    return [...by.values()].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  }
}
