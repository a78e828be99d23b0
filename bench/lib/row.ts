/**
 * One row of `deno task bench`'s table, the table itself and the JSON written
 * under bench/results/, plus the measured load run that fills a row: rate,
 * p50, p99, errors, the service's CPU per operation by thread, RSS before and
 * after.
 */
import { type LoadRequest, runLoad } from "./run_load.ts";
import { perOperation, threadSeconds } from "./threads.ts";
import { rssMb } from "./service.ts";
import { startHeapSampling } from "./heap_prof.ts";

export type Row = {
  scenario: string;
  /** What `rate` counts per second. */
  unit: string;
  rate: number;
  p50_ms?: number;
  p99_ms?: number;
  errors: number;
  /** The service's CPU per operation, summed over its threads. */
  cpu_ms?: number;
  cpu_ms_by_thread?: Record<string, number>;
  rss_start_mb?: number;
  rss_end_mb?: number;
  note?: string;
  /** Answers by HTTP status, and a few failures, when a load generator ran. */
  statuses?: Record<string, number>;
  sample?: string[];
};

/** Thread CPU of `pid` over the window [from, to) ms from now; resolves with both snapshots. */
export function cpuWindow(pid: number, fromMs: number, toMs: number) {
  return (async () => {
    await new Promise((r) => setTimeout(r, fromMs));
    const t0 = performance.now();
    const before = await threadSeconds(pid);
    await new Promise((r) => setTimeout(r, Math.max(100, toMs - fromMs)));
    const after = await threadSeconds(pid);
    return { before, after, seconds: (performance.now() - t0) / 1000 };
  })();
}

export function cpuRow(
  before: Map<string, number>,
  after: Map<string, number>,
  operations: number,
): Pick<Row, "cpu_ms" | "cpu_ms_by_thread"> {
  const by = perOperation(before, after, operations);
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  return { cpu_ms: +total.toFixed(3), cpu_ms_by_thread: by };
}

/**
 * A closed-loop HTTP load (bench/lib/loadgen.ts, its own process) against a
 * service process `pid`, with that process's CPU by thread measured inside the
 * load's measured window.
 */
export async function measuredLoad(opts: {
  scenario: string;
  pid?: number;
  baseUrl: string;
  requests: LoadRequest[];
  concurrency: number;
  seconds: number;
  warmupSeconds?: number;
  expect?: string;
  note?: string;
}): Promise<Row> {
  const warm = opts.warmupSeconds ?? 1;
  const rssStart = opts.pid ? rssMb(opts.pid) : undefined;
  // Loadgen takes ~0.3 s to start; the CPU window sits inside the measured one.
  const cpu = opts.pid
    ? cpuWindow(opts.pid, (warm + 0.6) * 1000, (warm + 0.3 + opts.seconds - 0.3) * 1000)
    : null;
  // BENCH_HEAP_PROF=1: sampling from the end of the warm-up to the end of the run.
  const heap = (async () => {
    await new Promise((r) => setTimeout(r, (warm + 0.3) * 1000));
    return await startHeapSampling(opts.pid);
  })();
  const r = await runLoad({
    name: opts.scenario,
    baseUrl: opts.baseUrl,
    requests: opts.requests,
    concurrency: opts.concurrency,
    seconds: opts.seconds,
    warmupSeconds: warm,
    expect: opts.expect,
  });
  const c = cpu ? await cpu : null;
  await (await heap)?.(opts.scenario, r.count);
  const bad = Object.entries(r.statuses).filter(([s]) => !s.startsWith("2"));
  return {
    scenario: opts.scenario,
    unit: "req/s",
    rate: r.rate,
    p50_ms: r.p50_ms,
    p99_ms: r.p99_ms,
    errors: Math.max(r.errors, bad.reduce((n, [, k]) => n + k, 0)),
    ...(c ? cpuRow(c.before, c.after, r.rate * c.seconds) : {}),
    rss_start_mb: rssStart,
    rss_end_mb: opts.pid ? rssMb(opts.pid) : undefined,
    note: opts.note,
    statuses: r.statuses,
    sample: r.sample,
  };
}

function fmt(n: number | undefined, d = 1): string {
  if (n === undefined || Number.isNaN(n)) return "";
  return n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
}

export function printRows(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  const lines = [[
    "scenario",
    "rate",
    "p50 ms",
    "p99 ms",
    "errors",
    "CPU ms/op",
    "by thread (ms/op)",
    "RSS MB",
    "note",
  ]];
  for (const r of rows) {
    lines.push([
      r.scenario,
      `${fmt(r.rate, 0)} ${r.unit}`,
      fmt(r.p50_ms),
      fmt(r.p99_ms),
      String(r.errors),
      fmt(r.cpu_ms, 3),
      Object.entries(r.cpu_ms_by_thread ?? {}).sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${v.toFixed(3)}`).join(", "),
      r.rss_start_mb === undefined ? "" : `${r.rss_start_mb} -> ${r.rss_end_mb}`,
      r.note ?? "",
    ]);
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  for (const l of lines) console.log("  " + l.map((c, i) => c.padEnd(widths[i])).join("  "));
}

export async function writeResults(name: string, data: unknown): Promise<string> {
  const dir = new URL("../results/", import.meta.url).pathname;
  await Deno.mkdir(dir, { recursive: true });
  const file = `${dir}${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  await Deno.writeTextFile(file, JSON.stringify(data, null, 2) + "\n");
  return file;
}
