/**
 * `deno task bench`: the ceilings of this run, then each scenario, each printing
 * throughput and latency percentiles. Scenarios run as separate processes so
 * that one's leftovers do not slow the next.
 *   BENCH_SECONDS (default 5), BENCH_CONCURRENCY (default 64)
 */
const here = new URL(".", import.meta.url).pathname;
const scenarios = [
  "ceilings.ts",
  "foundation.ts",
  "mail_send.ts",
  "forms_submit.ts",
  "inbound.ts",
];

for (const s of scenarios) {
  try {
    await Deno.stat(here + s);
  } catch {
    continue;
  }
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", here + s],
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!r.success) console.error(`bench ${s} failed with exit code ${r.code}`);
}
