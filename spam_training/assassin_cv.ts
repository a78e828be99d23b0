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
import { MODEL_SPAM, MODEL_TWO_SIGNALS } from "../domain/spam/mail_judge.ts";
import { FLAG_SCORE } from "../domain/spam/mail_score.ts";
import { SUSPICIOUS_FROM } from "../domain/spam/model/model.ts";
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

/** Platt's fit on out-of-fold margins (for comparing calibrations; the shipped one is training.ts's). */
export function plattOf(oof: OutOfFold[]): Platt {
  return fitPlatt(oof.map((o) => o.margin), oof.map((o) => o.label));
}

export type Tally = { n: number; refused: number; warned: number; modelRefused: number };

/**
 * What mail/send does with each out-of-fold item, scored by its fold's model
 * with the shipped calibration: refused by check 11 (content rules, 60+) or
 * check 12 (judgeMail's rule on the fold model's score and the built-in
 * signals); `warned`: sent, with the model in the 30-59 band.
 */
export function tallyByKind(
  oof: OutOfFold[],
  platt: Platt,
  facts: (id: string) => { content: number; signals: number },
): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const o of oof) {
    const score = scoreOf(o.margin, platt);
    const f = facts(o.id);
    const refused = f.content >= FLAG_SCORE || score >= MODEL_SPAM ||
      (score >= MODEL_TWO_SIGNALS && f.signals >= 2);
    const t = out.get(o.kind) ?? { n: 0, refused: 0, warned: 0, modelRefused: 0 };
    t.n++;
    if (refused) t.refused++;
    else if (score >= SUSPICIOUS_FROM) t.warned++;
    if (score >= MODEL_SPAM) t.modelRefused++;
    out.set(o.kind, t);
  }
  return out;
}
