/**
 * `deno task bench:median`: `deno task bench` three times in a row (each its own
 * service, KV file and seeding; the environment passed on, so BENCH_ONLY,
 * BENCH_SECONDS and the rest apply), then one table of the medians per row:
 * rate, p99, errors (the highest), CPU per operation summed and by thread, and
 * the ratios (render over bare Hono, hot site over spread, forms/submit over
 * the peer). For the figures of docs/performance.md, taken on a quiet machine.
 *
 *   deno task bench:median            BENCH_RUNS=5 for five runs
 */
import { printRows, type Row, writeResults } from "./lib/row.ts";

type Result = {
  loadavg_before: number[];
  loadavg_after: number[];
  ratios: Record<string, number>;
  peak_rss_mb?: number;
  rows: Row[];
};

const runs = Number(Deno.env.get("BENCH_RUNS") ?? 3);
const results: Result[] = [];
for (let i = 0; i < runs; i++) {
  console.error(`bench:median: run ${i + 1} of ${runs}`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", new URL("./run.ts", import.meta.url).pathname],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  console.log(text);
  const file = text.match(/written to (\S+\.json)/)?.[1];
  if (!out.success || !file) throw new Error(`run ${i + 1} failed`);
  results.push(JSON.parse(await Deno.readTextFile(file)));
}

function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const rows: Row[] = [];
for (const first of results[0].rows) {
  const same = results.map((r) => r.rows.find((x) => x.scenario === first.scenario))
    .filter((x): x is Row => !!x);
  const threads = new Set(same.flatMap((r) => Object.keys(r.cpu_ms_by_thread ?? {})));
  const by: Record<string, number> = {};
  for (const t of threads) {
    by[t] = +median(same.map((r) => r.cpu_ms_by_thread?.[t] ?? 0)).toFixed(3);
  }
  rows.push({
    scenario: first.scenario,
    unit: first.unit,
    rate: median(same.map((r) => r.rate)),
    p50_ms: median(same.map((r) => r.p50_ms ?? NaN)),
    p99_ms: median(same.map((r) => r.p99_ms ?? NaN)),
    errors: Math.max(...same.map((r) => r.errors)),
    cpu_ms: first.cpu_ms === undefined ? undefined : median(same.map((r) => r.cpu_ms ?? NaN)),
    cpu_ms_by_thread: threads.size ? by : undefined,
    rss_start_mb: first.rss_start_mb === undefined
      ? undefined
      : median(same.map((r) => r.rss_start_mb ?? NaN)),
    rss_end_mb: first.rss_end_mb === undefined
      ? undefined
      : median(same.map((r) => r.rss_end_mb ?? NaN)),
    note: `median of ${same.length}`,
  });
}
const ratioNames = new Set(results.flatMap((r) => Object.keys(r.ratios)));
const ratios: Record<string, number> = {};
for (const n of ratioNames) {
  ratios[n] = +median(results.map((r) => r.ratios[n] ?? NaN)).toFixed(2);
}
const loads = results.map((r) =>
  `${r.loadavg_before[0].toFixed(1)}-${r.loadavg_after[0].toFixed(1)}`
);
printRows(
  `deno task bench:median: medians of ${results.length} runs; load average (1 min) before-after ` +
    `each run: ${loads.join(", ")}`,
  rows,
);
console.log(`  ratios (medians): ${JSON.stringify(ratios)}`);
console.log(
  `  peak RSS per run: ${results.map((r) => r.peak_rss_mb ?? "?").join(", ")} MB`,
);
console.log(`  written to ${await writeResults("median", { runs: results.length, ratios, rows })}`);
