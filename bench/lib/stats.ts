/** Latency statistics and the printed table shared by the bench scenarios. */
export type Result = {
  name: string;
  /** Completed operations per second. */
  rate: number;
  unit: string;
  count: number;
  errors: number;
  p50_ms?: number;
  p99_ms?: number;
  note?: string;
};

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(
  name: string,
  unit: string,
  latencies: number[],
  errors: number,
  seconds: number,
  note?: string,
): Result {
  const sorted = Float64Array.from(latencies).sort();
  const arr = Array.from(sorted);
  return {
    name,
    unit,
    rate: latencies.length / seconds,
    count: latencies.length,
    errors,
    p50_ms: percentile(arr, 50),
    p99_ms: percentile(arr, 99),
    note,
  };
}

export function printTable(title: string, rows: Result[]): void {
  console.log(`\n${title}`);
  const fmt = (n: number | undefined, d = 1) =>
    n === undefined || Number.isNaN(n) ? "-" : n.toFixed(d);
  const lines = [["scenario", "rate", "count", "errors", "p50 ms", "p99 ms", "note"]];
  for (const r of rows) {
    lines.push([
      r.name,
      `${fmt(r.rate, 0)} ${r.unit}`,
      String(r.count),
      String(r.errors),
      fmt(r.p50_ms, 2),
      fmt(r.p99_ms, 2),
      r.note ?? "",
    ]);
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  for (const l of lines) console.log("  " + l.map((c, i) => c.padEnd(widths[i])).join("  "));
}
