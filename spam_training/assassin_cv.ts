/**
 * Cross-validation of the mail model on the allowed part of the SpamAssassin
 * corpus (assassin_split.ts): five folds by file (a fixed hash of the file
 * name), each scored by a model trained on the other four folds together
 * with the project's own corpus (its train and calibration splits). Reports
 * what mail/send would do with each message: the model's band, and the
 * built-in verdict of check 12 with check 11 in front.
 */
import { fnv, mix32 } from "../domain/spam/model/hashing.ts";
import { margin, train, type TrainOptions } from "../domain/spam/model/logistic.ts";
import { fitPlatt, type Platt, scoreOf } from "../domain/spam/model/calibration.ts";
import type { FeatureSink } from "../domain/spam/model/vector.ts";
import { exampleWeights, featurise, type LabelledItem } from "./training.ts";

export const CV_FOLDS = 5;

export function assassinFold(family: string, folds = CV_FOLDS): number {
  return mix32(fnv("safold:" + family)) % folds;
}

export type OutOfFold = { id: string; kind: string; label: 0 | 1; margin: number };

/** Out-of-fold margins of the allowed SpamAssassin items (kind "assassin:*"). */
export function assassinOutOfFold<T>(
  items: LabelledItem<T>[],
  extract: (sink: FeatureSink, input: T) => void,
  opts: TrainOptions,
  auxiliary: { items: LabelledItem<T>[]; weight: number } | null,
  isAssassin: (it: LabelledItem<T>) => boolean,
): OutOfFold[] {
  const xs = items.map((it) => featurise(extract, it.input, opts.groups));
  const auxW = auxiliary ? exampleWeights(auxiliary.items) : [];
  const auxEx = auxiliary
    ? auxiliary.items.map((it, i) => ({
      x: featurise(extract, it.input, opts.groups),
      y: (it.label === "spam" ? 1 : 0) as 0 | 1,
      weight: auxW[i] * auxiliary.weight,
    }))
    : [];
  const out: OutOfFold[] = [];
  for (let f = 0; f < CV_FOLDS; f++) {
    const tr = items.map((_, i) => i).filter((i) =>
      !isAssassin(items[i]) || assassinFold(items[i].family) !== f
    );
    const w = exampleWeights(tr.map((i) => items[i]));
    const m = train([
      ...tr.map((i, k) => ({
        x: xs[i],
        y: (items[i].label === "spam" ? 1 : 0) as 0 | 1,
        weight: w[k],
      })),
      ...auxEx,
    ], opts);
    items.forEach((it, i) => {
      if (!isAssassin(it) || assassinFold(it.family) !== f) return;
      out.push({
        id: it.id,
        kind: it.kind,
        label: it.label === "spam" ? 1 : 0,
        margin: margin(m, xs[i]),
      });
    });
  }
  return out;
}

export function plattOf(oof: OutOfFold[]): Platt {
  return fitPlatt(oof.map((o) => o.margin), oof.map((o) => o.label));
}

export { scoreOf };
