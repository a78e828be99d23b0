/**
 * From a labelled corpus to a weights file: featurise, weight the examples so
 * that every kind counts alike within its label and both labels alike, train
 * on the train split, quantise, then fit the calibration on the calibration
 * split with the quantised weights (what will be shipped is what is
 * calibrated). The held-out split is not touched here. The chosen kind costs
 * (KIND_COST) and the intercept rule's rates were chosen by cross-validation
 * on the allowed SpamAssassin groups (assassin_cv.ts), never the reserved ones.
 */
import { fitPlatt, type Platt, scoreOf } from "../domain/spam/model/calibration.ts";
import {
  DEFAULT_TRAIN,
  type Example,
  margin,
  train,
  type TrainOptions,
} from "../domain/spam/model/logistic.ts";
import { fnv, mix32 } from "../domain/spam/model/hashing.ts";
import { CollectSink, type FeatureSink, type SparseVector } from "../domain/spam/model/vector.ts";
import { decodeWeights, encodeWeights, type WeightsFile } from "../domain/spam/model/weights.ts";

/** The score from which a message is spam (the spec's threshold). */
const SPAM_SCORE = 60;

export type LabelledItem<T> = {
  id: string;
  family: string;
  kind: string;
  label: "spam" | "legitimate";
  input: T;
};

export type Split = "train" | "calibration" | "heldout";

export function featurise<T>(
  extract: (sink: FeatureSink, input: T) => void,
  input: T,
  groups?: readonly number[],
): SparseVector {
  const sink = new CollectSink(groups);
  extract(sink, input);
  return sink.vector();
}

/** A legitimate message scored spam costs more than a spam let through (Akismet's choice too). */
export const LEGIT_COST = 1.5;

/**
 * Kinds whose errors cost more than their share: commercial newsletters
 * (SpamAssassin's hard ham) are the mail a business sends through this
 * service, and refusing one costs a customer.
 */
export const KIND_COST: Record<string, number> = {
  "assassin:hard-ham-1": 4,
};

/** Example weights: each kind's items share one unit within their label; labels weigh the same. */
export function exampleWeights<T>(items: LabelledItem<T>[]): number[] {
  const perKind = new Map<string, number>();
  const kindsPerLabel = new Map<string, Set<string>>();
  for (const it of items) {
    perKind.set(it.kind, (perKind.get(it.kind) ?? 0) + 1);
    if (!kindsPerLabel.has(it.label)) kindsPerLabel.set(it.label, new Set());
    kindsPerLabel.get(it.label)!.add(it.kind);
  }
  const raw = items.map((it) => 1 / perKind.get(it.kind)! / kindsPerLabel.get(it.label)!.size);
  // Kinds are not all equal in how many wordings they need: blend with uniform weights.
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  return raw.map((w, i) =>
    (0.5 * (w / mean) + 0.5) * (items[i].label === "legitimate" ? LEGIT_COST : 1) *
    (KIND_COST[items[i].kind] ?? 1)
  );
}

function examplesOf<T>(
  items: LabelledItem<T>[],
  extract: (sink: FeatureSink, input: T) => void,
  opts: TrainOptions,
  auxiliary: { items: LabelledItem<T>[]; weight: number } | null,
): Example[] {
  const weights = exampleWeights(items);
  const examples: Example[] = items.map((it, i) => ({
    x: featurise(extract, it.input, opts.groups),
    y: it.label === "spam" ? 1 : 0,
    weight: weights[i],
  }));
  // Items of another corpus (already restricted to its train split) at a lower weight.
  if (auxiliary) {
    const aw = exampleWeights(auxiliary.items);
    auxiliary.items.forEach((it, i) =>
      examples.push({
        x: featurise(extract, it.input, opts.groups),
        y: it.label === "spam" ? 1 : 0,
        weight: aw[i] * auxiliary.weight,
      })
    );
  }
  return examples;
}

function quantised(
  model: WeightsFile["model"],
  weights: Float64Array,
  bias: number,
  opts: TrainOptions,
): { weights: Float32Array; bias: number } {
  const draft = encodeWeights(model, weights, bias, { a: 1, b: 0 }, {}, opts.groups);
  return { weights: decodeWeights(draft), bias };
}

/** Margins of each train item by a model trained without its fold (folds by family). */
function outOfFoldMargins<T>(
  model: WeightsFile["model"],
  trainItems: LabelledItem<T>[],
  extract: (sink: FeatureSink, input: T) => void,
  opts: TrainOptions,
  auxiliary: { items: LabelledItem<T>[]; weight: number } | null,
  folds: number,
): { id: string; kind: string; margin: number; label: 0 | 1 }[] {
  const foldOf = (family: string) => mix32(fnv("calfold:" + family)) % folds;
  const out: { id: string; kind: string; margin: number; label: 0 | 1 }[] = [];
  for (let f = 0; f < folds; f++) {
    const fit = trainItems.filter((it) => foldOf(it.family) !== f);
    const lm = train(examplesOf(fit, extract, opts, auxiliary), opts);
    const m = quantised(model, lm.weights, lm.bias, opts);
    for (const it of trainItems) {
      if (foldOf(it.family) !== f) continue;
      out.push({
        id: it.id,
        kind: it.kind,
        margin: margin(m, featurise(extract, it.input, opts.groups)),
        label: it.label === "spam" ? 1 : 0,
      });
    }
  }
  return out;
}

export type TrainResult = {
  file: WeightsFile;
  calibrationMargins: { margin: number; label: 0 | 1 }[];
  /** The legitimate items that the intercept rule looks at, highest score first (five), by the final calibration. */
  highestLegitimate: { id: string; score: number }[];
  /** How far the intercept rule lowered Platt's intercept (0 to 2). */
  interceptLowered: number;
};

export function trainModel<T>(
  model: WeightsFile["model"],
  items: LabelledItem<T>[],
  splitOf: (family: string) => Split,
  extract: (sink: FeatureSink, input: T) => void,
  opts: TrainOptions = DEFAULT_TRAIN,
  auxiliary: { items: LabelledItem<T>[]; weight: number } | null = null,
): TrainResult {
  const trainItems = items.filter((it) => splitOf(it.family) === "train");
  const calItems = items.filter((it) => splitOf(it.family) === "calibration");
  const examples = examplesOf(trainItems, extract, opts, auxiliary);
  const lm = train(examples, opts);
  // Calibrate what will be shipped: the quantised weights.
  const shipped = quantised(model, lm.weights, lm.bias, opts);
  const calibrationMargins = calItems.map((it) => ({
    id: it.id,
    kind: it.kind,
    margin: margin(shipped, featurise(extract, it.input, opts.groups)),
    label: (it.label === "spam" ? 1 : 0) as 0 | 1,
  }));
  const fitted = fitPlatt(
    calibrationMargins.map((c) => c.margin),
    calibrationMargins.map((c) => c.label),
  );
  const platt = { ...fitted };
  // Mail: the out-of-fold margins of the train split join the
  // calibration split's for the rule below (Platt's fit stays on the calibration split).
  const legitItems = [
    ...calibrationMargins,
    ...(opts.calibrationFolds
      ? outOfFoldMargins(model, trainItems, extract, opts, auxiliary, opts.calibrationFolds)
      : []),
  ].filter((c) => c.label === 0);
  // Forms: a guard from the train split's out-of-fold legitimate items.
  const oof = opts.oofFolds
    ? outOfFoldLegitMargins(
      trainItems,
      examples.slice(0, trainItems.length),
      examples.slice(trainItems.length),
      opts,
    )
    : null;
  const oofRate = (p: { a: number; b: number }) =>
    oof ? oof.filter((m) => scoreOf(m, p) >= SPAM_SCORE).length / Math.max(1, oof.length) : 0;
  // The decision rule, fixed before looking at any figure it produces: lower the
  // intercept in steps of 0.25 (at most 2) until no legitimate calibration item
  // reaches 60 (or the model's legitCeiling) and, with `oofFolds`, the train
  // split's out-of-fold legitimate items at 60+ are at most `oofMaxLegitRate`.
  // A lost customer costs more than a spam let through.
  // Mail: kinds of real mail in numbers (SpamAssassin's ham) are held to a
  // rate instead (kindMaxRate): one odd message among thousands must not move
  // the intercept for all; with `otherMaxRate` the other legitimate items are
  // held to a rate together. Without them (forms), every item counts alone.
  const rated = opts.kindMaxRate ?? {};
  const others = legitItems.filter((c) => !(c.kind in rated));
  const alone = opts.otherMaxRate === undefined ? others.map((c) => c.margin) : [];
  const pools: [typeof legitItems, number][] = Object.entries(rated).map((
    [kind, rate],
  ) => [legitItems.filter((c) => c.kind === kind), rate]);
  if (opts.otherMaxRate !== undefined) pools.push([others, opts.otherMaxRate]);
  const overRate = (p: Platt) =>
    pools.some(([ms, rate]) =>
      ms.filter((c) => scoreOf(c.margin, p) >= SPAM_SCORE).length > rate * ms.length
    );
  while (platt.b > fitted.b - 2) {
    const worst = Math.max(-Infinity, ...alone.map((m) => scoreOf(m, platt)));
    const tail = oofRate(platt) <= (opts.oofMaxLegitRate ?? 1);
    if (worst < (opts.legitCeiling ?? SPAM_SCORE) && tail && !overRate(platt)) break;
    platt.b -= 0.25;
  }
  const count = (xs: LabelledItem<T>[], l: string) => xs.filter((x) => x.label === l).length;
  const file = encodeWeights(model, lm.weights, lm.bias, platt, {
    seed: opts.seed,
    epochs: opts.epochs,
    rate: opts.rate,
    l2: opts.l2,
    train: { spam: count(trainItems, "spam"), legitimate: count(trainItems, "legitimate") },
    calibration: { spam: count(calItems, "spam"), legitimate: count(calItems, "legitimate") },
    kinds: new Set(items.map((i) => i.kind)).size,
    auxiliary: auxiliary ? { items: auxiliary.items.length, weight: auxiliary.weight } : null,
  }, opts.groups);
  const highestLegitimate = legitItems.filter((c) => !(c.kind in rated))
    .map((c) => ({ id: c.id, score: scoreOf(c.margin, platt) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 5);
  return { file, calibrationMargins, highestLegitimate, interceptLowered: fitted.b - platt.b };
}

/**
 * The margins of the train split's legitimate items, each from a model trained
 * on the other folds (folds by family, as crossval.ts makes them; the
 * auxiliary examples are in every fold's training).
 */
function outOfFoldLegitMargins<T>(
  items: LabelledItem<T>[],
  examples: Example[],
  auxiliary: Example[],
  opts: TrainOptions,
): number[] {
  const k = opts.oofFolds ?? 5;
  const fold = items.map((it) => mix32(fnv("fold:" + it.family)) % k);
  const out: number[] = [];
  for (let f = 0; f < k; f++) {
    const idx = items.map((_, i) => i).filter((i) => fold[i] !== f);
    const w = exampleWeights(idx.map((i) => items[i]));
    const m = train([...idx.map((i, j) => ({ ...examples[i], weight: w[j] })), ...auxiliary], opts);
    items.forEach((it, i) => {
      if (fold[i] === f && it.label === "legitimate") out.push(margin(m, examples[i].x));
    });
  }
  return out;
}
