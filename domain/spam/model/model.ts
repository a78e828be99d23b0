/**
 * A trained model: decoded weights, bias and calibration, and the feature
 * extractor of its kind. Scoring streams features straight into a dot product
 * (no vector is built).
 */
import { scoreOf } from "./calibration.ts";
import { sigmoid } from "./logistic.ts";
import { prefixOf } from "./text_features.ts";
import { type Contribution, DotSink, type FeatureSink, NamedSink } from "./vector.ts";
import { decodeWeights, type WeightsFile } from "./weights.ts";

export type Classification = "legitimate" | "suspicious" | "spam";

/** The spec's thresholds: under 30 legitimate, 30 to 59 suspicious, 60 or more spam. */
export const SUSPICIOUS_FROM = 30;
export const SPAM_FROM = 60;

export function classify(score: number): Classification {
  return score >= SPAM_FROM ? "spam" : score >= SUSPICIOUS_FROM ? "suspicious" : "legitimate";
}

export type ModelScore = {
  /** 0 to 100: the calibrated probability of spam in percent. */
  score: number;
  classification: Classification;
  /** The raw linear margin before calibration. */
  margin: number;
};

export class HashedModel<T> {
  readonly weights: Float32Array;
  constructor(
    readonly file: WeightsFile,
    readonly extract: (sink: FeatureSink, input: T) => void,
  ) {
    this.weights = decodeWeights(file);
  }

  margin(input: T): number {
    const sink = new DotSink(this.weights, this.file.groups);
    this.extract(sink, input);
    return sink.total(this.file.bias);
  }

  score(input: T): ModelScore {
    const z = this.margin(input);
    const score = scoreOf(z, this.file.platt);
    return { score, classification: classify(score), margin: z };
  }

  probability(input: T): number {
    return sigmoid(this.file.platt.a * this.margin(input) + this.file.platt.b);
  }

  /** The features that moved the margin most, strongest first. */
  explain(input: T, top = 12): Contribution[] {
    const sink = new NamedSink(this.weights, prefixOf, this.file.groups);
    this.extract(sink, input);
    return sink.contributions().slice(0, top);
  }
}
