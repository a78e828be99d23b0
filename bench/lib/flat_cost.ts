/**
 * The flat-cost check's arithmetic (bench/flat_cost.ts): given the rows of
 * alternating seeded and empty `deno task bench` runs, the median CPU per
 * operation of each row on each side, by thread too, and the ratio seeded /
 * empty. Pure, so that a test can hold it.
 */
import type { Row } from "./row.ts";

export type Side = "seeded" | "empty";

/** One `deno task bench` run of the check: which side, its load average before, its rows. */
export type FlatRun = { side: Side; loadavg: number[]; rows: Row[] };

export type FlatSummaryRow = {
  /** The row's scenario, the one-site and spread rows under one name on both sides. */
  scenario: string;
  runs: { seeded: number; empty: number };
  cpu_ms: { seeded: number; empty: number };
  /** Median CPU ms per operation by thread (a thread missing from a run counts 0 there). */
  by_thread: { seeded: Record<string, number>; empty: Record<string, number> };
  rate: { seeded: number; empty: number };
  ratio: number;
};

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The seeded one-site row names its site the same way as the empty one: one key per row. */
export function rowKey(scenario: string): string {
  return scenario.replace(/\(\d+ sites\)/, "(spread)");
}

/** Median CPU ms per operation of every row on each side, by thread, and seeded / empty. */
export function summarize(runs: FlatRun[]): FlatSummaryRow[] {
  const keys: string[] = [];
  for (const r of runs) {
    for (const row of r.rows) {
      if (row.cpu_ms !== undefined && !keys.includes(rowKey(row.scenario))) {
        keys.push(rowKey(row.scenario));
      }
    }
  }
  return keys.map((key) => {
    const side = (s: Side) =>
      runs.filter((r) => r.side === s).map((r) => r.rows.find((x) => rowKey(x.scenario) === key))
        .filter((x): x is Row => x?.cpu_ms !== undefined);
    const seeded = side("seeded");
    const empty = side("empty");
    const threads = (rows: Row[]) => {
      const names = new Set(rows.flatMap((r) => Object.keys(r.cpu_ms_by_thread ?? {})));
      const out: Record<string, number> = {};
      for (const n of names) {
        out[n] = +median(rows.map((r) => r.cpu_ms_by_thread?.[n] ?? 0)).toFixed(3);
      }
      return out;
    };
    const cpu = (rows: Row[]) => +median(rows.map((r) => r.cpu_ms!)).toFixed(3);
    const s = cpu(seeded);
    const e = cpu(empty);
    return {
      scenario: key,
      runs: { seeded: seeded.length, empty: empty.length },
      cpu_ms: { seeded: s, empty: e },
      by_thread: { seeded: threads(seeded), empty: threads(empty) },
      rate: {
        seeded: Math.round(median(seeded.map((r) => r.rate))),
        empty: Math.round(median(empty.map((r) => r.rate))),
      },
      ratio: +(s / e).toFixed(2),
    };
  });
}

/** The order of the runs: pairs that alternate which side goes first, seeded first in the first. */
export function pairOrder(pairs: number): Side[] {
  return Array.from(
    { length: pairs },
    (_, i) => (i % 2 === 0 ? ["seeded", "empty"] : ["empty", "seeded"]) as Side[],
  ).flat();
}
