/**
 * `deno task spam:train [forms|mail]`: rebuilds the weights files from the
 * corpora. Deterministic (fixed seed): running it twice writes the same bytes.
 */
import { trainModel } from "./training.ts";
import { selected } from "./corpora.ts";

for (const c of selected(Deno.args)) {
  const t0 = performance.now();
  const items = c.items();
  const { file, highestLegitimate, interceptLowered } = trainModel(
    c.model,
    items,
    c.split,
    c.extract,
    c.train,
    c.auxiliary ? c.auxiliary() : null,
  );
  const json = JSON.stringify(file) + "\n";
  await Deno.writeTextFile(c.path, json);
  // Leave the file as `deno fmt` would, so that `deno fmt --check` stays clean after a retrain.
  await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", c.path.pathname] }).output();
  const ms = performance.now() - t0;
  console.log(
    `${c.model}: ${items.length} items, ${file.nonzero} non-zero weights (${file.encoding}), ` +
      `${(json.length / 1024).toFixed(0)} KiB, platt a=${file.platt.a.toFixed(3)} b=${
        file.platt.b.toFixed(3)
      }, ${(ms / 1000).toFixed(1)} s -> ${c.path.pathname.replace(/.*\/domain\//, "domain/")}`,
  );
  console.log(
    `  intercept lowered by ${interceptLowered.toFixed(2)}; highest legitimate scores it saw: ${
      highestLegitimate.map((h) => `${h.score} ${h.id}`).join(", ")
    }`,
  );
}
