/**
 * `deno task bench:flat <seeded-kv-file>`: the flat-cost check of issue 14
 * (target 5) in one command. Pairs of `deno task bench` runs, one on a fresh
 * copy of a `bench:seed` file (`BENCH_KV`; the runs write into it, so every
 * seeded run starts from the same 1,000,000 records) and one on an empty file,
 * alternating which side goes first; then every run's CPU per operation, the
 * medians by row and thread, and the ratio seeded / empty, also written as
 * JSON under bench/results/.
 *
 *   deno task bench:flat /tmp/seeded.kv [--pairs 3] [--only render,blocks,mail,forms,hot]
 */
import { parseArgs } from "node:util";
import { type FlatRun, pairOrder, summarize } from "./lib/flat_cost.ts";
import { writeResults } from "./lib/row.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    pairs: { type: "string", default: "3" },
    only: { type: "string", default: "render,blocks,mail,forms,hot" },
  },
});
const master = positionals[0];
if (!master) {
  console.error("usage: deno task bench:flat <seeded-kv-file> [--pairs N] [--only rows]");
  Deno.exit(2);
}
const copy = `${master}.run.kv`;
const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

async function freshCopy() {
  await removeCopy();
  for (const suffix of ["", "-wal"]) {
    if (await exists(master + suffix)) await Deno.copyFile(master + suffix, copy + suffix);
  }
  await Deno.copyFile(`${master}.sites.json`, `${copy}.sites.json`);
}

async function removeCopy() {
  for (const suffix of ["", "-wal", "-shm", ".sites.json"]) {
    await Deno.remove(copy + suffix).catch(() => {});
  }
}

const runs: FlatRun[] = [];
for (const side of pairOrder(Number(values.pairs))) {
  if (side === "seeded") await freshCopy();
  const loadavg = Deno.loadavg();
  const env: Record<string, string> = { BENCH_ONLY: values.only };
  if (side === "seeded") env.BENCH_KV = copy;
  const bench = new Deno.Command(Deno.execPath(), {
    args: ["task", "bench"],
    cwd: new URL("..", import.meta.url).pathname,
    env,
    stdout: "piped",
    stderr: "inherit",
  });
  const out = new TextDecoder().decode((await bench.output()).stdout);
  const file = out.match(/written to (\S+)/)?.[1];
  if (!file) throw new Error(`a ${side} run wrote no results:\n${out}`);
  const result = JSON.parse(await Deno.readTextFile(file));
  if (side === "seeded") {
    const size = (await Deno.stat(copy)).size / 1e6;
    console.log(`seeded run on ${copy}: ${size.toFixed(0)} MB after the run`);
    await removeCopy();
  }
  runs.push({ side, loadavg, rows: result.rows });
  console.log(`${new Date().toISOString()} ${side}, load ${loadavg.join(" ")}: ${file}`);
  for (const r of result.rows) {
    const threads = Object.entries(r.cpu_ms_by_thread ?? {}).map(([k, v]) => `${k} ${v}`);
    console.log(`  ${r.scenario}: ${r.rate}/s, ${r.cpu_ms} ms (${threads.join(", ")})`);
  }
}

const summary = summarize(runs);
console.log(
  "\n| Row | Runs | Empty: median CPU ms/op | Seeded: median CPU ms/op | Seeded / empty |",
);
console.log("| --- | --- | --- | --- | --- |");
for (const s of summary) {
  console.log(
    `| ${s.scenario} | ${s.runs.seeded} | ${s.cpu_ms.empty} | ${s.cpu_ms.seeded} | ${s.ratio} |`,
  );
}
for (const s of summary) {
  console.log(`  ${s.scenario}: empty ${JSON.stringify(s.by_thread.empty)}`);
  console.log(`  ${s.scenario}: seeded ${JSON.stringify(s.by_thread.seeded)}`);
}
console.log(`  written to ${await writeResults("flat-cost", { master, runs, summary })}`);
