/**
 * `deno run -A spam_training/crossval.ts [forms|mail]`: five-fold cross-validation
 * by family inside the train split, for developing the corpus and the
 * features without looking at the held-out split. Prints the errors.
 */
import { fnv, mix32 } from "../domain/spam/model/hashing.ts";
import { margin, sigmoid, train } from "../domain/spam/model/logistic.ts";
import { exampleWeights, featurise } from "./training.ts";
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
  const oof: { z: number; spam: boolean; id: string }[] = [];
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
      const z = margin(m, xs[i]);
      const p = Math.round(100 * sigmoid(z));
      const isSpam = items[i].label === "spam";
      oof.push({ z, spam: isSpam, id: items[i].id });
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
  // The low-false-positive end, which the shipped threshold lives at:
  // spam caught at a margin above the k-th highest legitimate item's.
  // CV_IDS=file: the tail on those items only (compare corpus steps on the same items).
  const only = Deno.env.get("CV_IDS")
    ? new Set(Deno.readTextFileSync(Deno.env.get("CV_IDS")!).split("\n"))
    : null;
  if (Deno.env.get("CV_WRITE_IDS")) {
    Deno.writeTextFileSync(Deno.env.get("CV_WRITE_IDS")!, oof.map((o) => o.id).join("\n"));
  }
  if (only) oof.splice(0, oof.length, ...oof.filter((o) => only.has(o.id)));
  const legitZ = oof.filter((o) => !o.spam).map((o) => o.z).sort((a, b) => b - a);
  const spamZ = oof.filter((o) => o.spam).map((o) => o.z);
  const tail = [0, 1, 2, 5].map((k) => {
    const t = legitZ[k] ?? -Infinity;
    return `${k} legit above: ${
      (100 * spamZ.filter((z) => z > t).length / spamZ.length).toFixed(1)
    } %`;
  });
  console.log(`  recall with ${tail.join(", ")}`);
  const top = oof.filter((o) => !o.spam).sort((a, b) => b.z - a.z).slice(0, 6);
  console.log(`  highest legitimate: ${top.map((o) => `${o.id} ${o.z.toFixed(2)}`).join(", ")}`);
  if (Deno.args.includes("--errors")) console.log(errors.sort().join("\n"));
}
