/**
 * `deno run -A domain/spam/training/crossval.ts [forms|mail]`: five-fold cross-validation
 * by family inside the train split, for developing the corpus and the
 * features without looking at the held-out split. Prints the errors.
 */
import { fnv, mix32 } from "../model/hashing.ts";
import { margin, sigmoid, train } from "../model/logistic.ts";
import { exampleWeights, featurise } from "../model/training.ts";
import { selected } from "./corpora.ts";

const FOLDS = 5;
const env = (k: string, d: number) => Number(Deno.env.get(k) ?? d);
for (const c of selected(Deno.args)) {
  const items = c.items().filter((it) => c.split(it.family) === "train");
  const groups = Deno.env.get("GW")?.split(",").map(Number) ?? c.train.groups;
  const opts = {
    ...c.train,
    epochs: env("EPOCHS", c.train.epochs),
    rate: env("RATE", c.train.rate),
    l2: env("L2", c.train.l2),
    groups,
  };
  const xs = items.map((it) => featurise(c.extract, it.input, groups));
  const fold = items.map((it) => mix32(fnv("fold:" + it.family)) % FOLDS);
  const aux = c.auxiliary && !Deno.env.get("NO_AUX") ? c.auxiliary() : null;
  const auxW = aux ? exampleWeights(aux.items) : [];
  const auxEx = aux
    ? aux.items.map((it, i) => ({
      x: featurise(c.extract, it.input, groups),
      y: (it.label === "spam" ? 1 : 0) as 0 | 1,
      weight: auxW[i] * aux.weight,
    }))
    : [];
  let fp = 0, fn = 0, legit = 0, spam = 0;
  const errors: string[] = [];
  for (let f = 0; f < FOLDS; f++) {
    const tr = items.map((_, i) => i).filter((i) => fold[i] !== f);
    const w = exampleWeights(tr.map((i) => items[i]));
    const m = train(
      [
        ...tr.map((i, k) => ({
          x: xs[i],
          y: (items[i].label === "spam" ? 1 : 0) as 0 | 1,
          weight: w[k],
        })),
        ...auxEx,
      ],
      opts,
    );
    for (let i = 0; i < items.length; i++) {
      if (fold[i] !== f) continue;
      const p = Math.round(100 * sigmoid(margin(m, xs[i])));
      const isSpam = items[i].label === "spam";
      if (isSpam) spam++;
      else legit++;
      if (isSpam && p < 60) {
        fn++;
        errors.push(`${String(p).padStart(3)} SPAM  ${items[i].id}`);
      } else if (!isSpam && p >= 60) {
        fp++;
        errors.push(`${String(p).padStart(3)} LEGIT ${items[i].id}`);
      } else if (!isSpam && p >= 30) {
        errors.push(`${String(p).padStart(3)} legit(30+) ${items[i].id}`);
      }
    }
  }
  console.log(
    `${c.model}: ${items.length} train items, ${FOLDS}-fold by family: accuracy ${
      (100 * (1 - (fp + fn) / items.length)).toFixed(1)
    } %, FP ${fp}/${legit}, missed ${fn}/${spam}`,
  );
  if (Deno.args.includes("--errors")) console.log(errors.sort().join("\n"));
}
