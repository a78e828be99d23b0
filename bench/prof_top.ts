/**
 * Where a V8 CPU profile's time goes: self time by function (top N) and by
 * file, for each .cpuprofile given (one per thread with `--cpu-prof`).
 *
 *   BENCH_PROF=1 BENCH_ONLY=forms deno task bench
 *   deno run -A bench/prof_top.ts bench/results/prof/service/*.cpuprofile [--top 25]
 *
 * and where a sampled heap profile's bytes go (BENCH_HEAP_PROF=1), in KB per
 * operation when `--per <operations>` is given:
 *
 *   deno task bench:prof bench/results/prof/heap/*.heapprofile --per 1229
 */
import { type HeapNode, heapTop } from "./lib/heap_prof.ts";
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const args = Deno.args.filter((a) => a.endsWith(".cpuprofile"));
const topIdx = Deno.args.indexOf("--top");
const TOP = topIdx >= 0 ? Number(Deno.args[topIdx + 1]) : 25;
const perIdx = Deno.args.indexOf("--per");
const PER = perIdx >= 0 ? Number(Deno.args[perIdx + 1]) : 1;

for (const file of Deno.args.filter((a) => a.endsWith(".heapprofile"))) {
  const p: { head: HeapNode } = JSON.parse(await Deno.readTextFile(file));
  console.log(`\n${file}:`);
  for (const line of heapTop(p.head, PER, TOP)) console.log(line);
}

for (const file of args) {
  const p: Profile = JSON.parse(await Deno.readTextFile(file));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, us] of self) {
    const cf = byId.get(id)!.callFrame;
    const short = cf.url.replace(/^.*\/(node_modules|npm\/registry\.npmjs\.org|i14-perf)\//, "")
      .replace(/^file:\/\//, "");
    const name = `${cf.functionName || "(anonymous)"} ${short}:${cf.lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    const f = short || cf.functionName;
    files.set(f, (files.get(f) ?? 0) + us);
  }
  const pct = (us: number) => `${(100 * us / total).toFixed(1).padStart(5)} %`;
  console.log(`\n${file}: ${(total / 1e6).toFixed(2)} s sampled`);
  console.log("  self time by function:");
  for (const [k, v] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${pct(v)}  ${k}`);
  }
  console.log("  self time by file:");
  for (const [k, v] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${pct(v)}  ${k}`);
  }
}
