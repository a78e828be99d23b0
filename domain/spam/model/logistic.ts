/**
 * Logistic regression over hashed sparse vectors, trained by AdaGrad SGD with
 * L2 regularisation. Deterministic: the order of examples comes from a seeded
 * PRNG and all arithmetic is in float64, so the same corpus and seed give the
 * same weights bit for bit.
 */
import { BUCKETS, mulberry32 } from "./hashing.ts";
import type { SparseVector } from "./vector.ts";

export type Example = { x: SparseVector; y: 0 | 1; weight: number };

export type TrainOptions = {
  seed: number;
  epochs: number;
  /** AdaGrad base step. */
  rate: number;
  /** L2 strength per example step. */
  l2: number;
  /** Weight of each feature group (word, bigram, char, field, meta); shipped in the weights file. */
  groups: readonly number[];
  /**
   * Calibration: the intercept is lowered until no legitimate calibration item
   * scores this much or more (default 60, the spam threshold).
   */
  legitCeiling?: number;
  /**
   * Calibration guard from the train split: with `oofFolds` folds (by family),
   * the intercept is also lowered until at most `oofMaxLegitRate` of the
   * train split's legitimate items, each scored by a model trained without
   * its fold, reach the spam threshold (the calibration split alone is too
   * small to see a tail of 0.5 %). Off when unset.
   */
  oofFolds?: number;
  oofMaxLegitRate?: number;
  /**
   * Mail: the decision rule on the intercept also looks at the
   * out-of-fold margins of the train split (this many folds by family), so
   * that it is made on far more legitimate mail than the calibration split.
   */
  calibrationFolds?: number;
  /**
   * Mail: legitimate kinds of real mail in numbers, held to a rate at 60+ by
   * the intercept rule (e.g. 0.03: at most 3 % of that kind's items) rather
   * than to "no item at all", which one odd message among thousands would set.
   */
  kindMaxRate?: Record<string, number>;
  /** Mail: the other legitimate items, held together to this rate at 60+ (unset: none at all). */
  otherMaxRate?: number;
};

export const DEFAULT_TRAIN: TrainOptions = {
  seed: 13,
  epochs: 12,
  rate: 0.2,
  l2: 1e-5,
  groups: [1, 1, 1, 1, 1],
};

export type LinearModel = { weights: Float64Array; bias: number };

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

export function margin(m: { weights: ArrayLike<number>; bias: number }, x: SparseVector): number {
  let z = m.bias;
  for (let k = 0; k < x.idx.length; k++) z += m.weights[x.idx[k]] * x.val[k];
  return z;
}

export function train(examples: Example[], opts: TrainOptions = DEFAULT_TRAIN): LinearModel {
  const w = new Float64Array(BUCKETS);
  const g2 = new Float64Array(BUCKETS).fill(1e-8);
  let bias = 0;
  let biasG2 = 1e-8;
  const rng = mulberry32(opts.seed);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    // Fisher-Yates with the seeded generator.
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      const { x, y, weight } = examples[i];
      const p = sigmoid(margin({ weights: w, bias }, x));
      const g = (p - y) * weight;
      for (let k = 0; k < x.idx.length; k++) {
        const j = x.idx[k];
        const grad = g * x.val[k] + opts.l2 * w[j];
        g2[j] += grad * grad;
        w[j] -= opts.rate * grad / Math.sqrt(g2[j]);
      }
      biasG2 += g * g;
      bias -= opts.rate * g / Math.sqrt(biasG2);
    }
  }
  return { weights: w, bias };
}
