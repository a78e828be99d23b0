/**
 * The scoring code may be made cheaper, never different: every corpus item
 * (forms, mail, the newsletter probe, a few edge inputs) must give the same
 * features, the same rule results and the same near-duplicate bands as the
 * committed digests (domain/spam/training/digests.ts; `--write` after a change
 * that is meant to move them), and the streaming dot product must agree with
 * a plain one over the recorded features to 1e-9.
 */
import assert from "node:assert/strict";
import digestsJson from "./scoring_digests.json" with { type: "json" };
import { buildFormCorpus } from "../../../domain/spam/corpus/forms.ts";
import { buildMailCorpus } from "../../../domain/spam/corpus/mail.ts";
import { formModel, mailModel } from "../../../domain/spam/model/scorer.ts";
import type { HashedModel } from "../../../domain/spam/model/model.ts";
import { G_META, GROUP_COUNT } from "../../../domain/spam/model/vector.ts";
import {
  computeDigests,
  edgeForms,
  edgeMails,
  RecordSink,
} from "../../../domain/spam/training/digests.ts";

Deno.test("scoring identity: features and rule results of every corpus item match the committed digests", () => {
  const now = computeDigests();
  const old = digestsJson as Record<string, string>;
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].sort();
  const moved = keys.filter((k) => old[k] !== now[k]);
  assert.deepEqual(moved, [], `digests changed for: ${moved.join(", ")}`);
});

/** The margin as the dot product was first written: per group sums in emission order. */
function plainMargin<T>(model: HashedModel<T>, input: T): number {
  const sink = new RecordSink();
  model.extract(sink, input);
  const sums = new Float64Array(GROUP_COUNT);
  const counts = new Uint32Array(GROUP_COUNT);
  for (let i = 0; i < sink.groups.length; i++) {
    sums[sink.groups[i]] += model.weights[sink.buckets[i]];
    counts[sink.groups[i]]++;
  }
  let z = model.file.bias;
  const gw = model.file.groups;
  for (let g = 0; g < GROUP_COUNT; g++) {
    if (counts[g] > 0) z += sums[g] * (g === G_META ? gw[g] : gw[g] / Math.sqrt(counts[g]));
  }
  return z;
}

Deno.test("scoring identity: the streaming margin equals a plain dot product (1e-9)", () => {
  let worst = 0;
  for (const f of [...buildFormCorpus().map((i) => i.input), ...edgeForms()]) {
    const d = Math.abs(formModel().margin(f) - plainMargin(formModel(), f));
    worst = Math.max(worst, d);
  }
  for (const m of [...buildMailCorpus().map((i) => i.input), ...edgeMails()]) {
    const d = Math.abs(mailModel().margin(m) - plainMargin(mailModel(), m));
    worst = Math.max(worst, d);
  }
  assert.ok(worst <= 1e-9, `largest difference ${worst}`);
});
