/**
 * `deno run -A spam_training/explain.ts forms|mail ID...`: an item of the corpus,
 * its score by the shipped weights, and the features that moved it most
 * (mail: the items of the newsletter probe too, as `newsletters:<id>`).
 */
import { HashedModel } from "../domain/spam/model/model.ts";
import type { WeightsFile } from "../domain/spam/model/weights.ts";
import { CORPORA } from "./corpora.ts";
import { probeItems } from "./probes/mail_check.ts";
import { MAIL_NEWSLETTERS_PROBE } from "./probes/mail_newsletters.ts";

const [model, ...ids] = Deno.args;
const c = CORPORA.find((x) => x.model === model);
if (!c) throw new Error("first argument: forms or mail");
const m = new HashedModel(JSON.parse(await Deno.readTextFile(c.path)) as WeightsFile, c.extract);
// The newsletter probe is not in the corpus: its items are named "newsletters:<id>" (mail).
const items = model === "mail"
  ? [
    ...c.items(),
    ...probeItems(MAIL_NEWSLETTERS_PROBE).map((it) => ({ ...it, id: "newsletters:" + it.id })),
  ]
  : c.items();
for (const id of ids) {
  const it = items.find((x) => x.id === id);
  if (!it) {
    console.log(`${id}: not found`);
    continue;
  }
  const s = m.score(it.input);
  console.log(
    `\n${id} (${it.label}, ${c.split(it.family)}): score ${s.score}, margin ${s.margin.toFixed(2)}`,
  );
  console.log(JSON.stringify(it.input).slice(0, 700));
  for (const x of m.explain(it.input, 16)) {
    console.log(
      `  ${x.weight >= 0 ? "+" : ""}${x.weight.toFixed(3)}  ${x.group.padEnd(6)} ${x.feature}`,
    );
  }
}
