/**
 * The flat-cost check's arithmetic (bench/lib/flat_cost.ts): pairs alternate
 * which side goes first, medians per row and thread, the spread rows matched
 * across sides, ratio seeded / empty.
 */
import assert from "node:assert/strict";
import { type FlatRun, median, pairOrder, summarize } from "../../bench/lib/flat_cost.ts";

Deno.test("flat cost: pairs alternate which side goes first", () => {
  assert.deepEqual(pairOrder(3), ["seeded", "empty", "empty", "seeded", "seeded", "empty"]);
});

Deno.test("flat cost: median of odd and even counts", () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
});

Deno.test("flat cost: medians by row and thread, ratio seeded / empty", () => {
  const run = (side: "seeded" | "empty", cpu: number, sqlite: number | undefined): FlatRun => ({
    side,
    loadavg: [1, 1, 1],
    rows: [
      { scenario: "ceiling: raw KV commits", unit: "commits", rate: 5000, errors: 0 },
      {
        scenario: "forms/submit (800 sites)",
        unit: "req",
        rate: 400,
        errors: 0,
        cpu_ms: cpu,
        cpu_ms_by_thread: sqlite === undefined ? { main: 1 } : { main: 1, "sw-0": sqlite },
      },
    ],
  });
  const s = summarize([
    run("seeded", 4, 1.2),
    run("empty", 3, 1),
    run("empty", 2, undefined),
    run("seeded", 5, 1.4),
    run("seeded", 6, 1.6),
    run("empty", 4, 1),
  ]);
  assert.equal(s.length, 1, "rows without CPU (the KV ceilings) are left out");
  assert.equal(s[0].scenario, "forms/submit (spread)");
  assert.deepEqual(s[0].runs, { seeded: 3, empty: 3 });
  assert.deepEqual(s[0].cpu_ms, { seeded: 5, empty: 3 });
  assert.equal(s[0].ratio, 1.67);
  assert.deepEqual(s[0].by_thread.seeded, { main: 1, "sw-0": 1.4 });
  assert.deepEqual(s[0].by_thread.empty, { main: 1, "sw-0": 1 }, "a missing thread counts 0");
});
