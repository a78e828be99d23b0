/**
 * Ceilings measured in the same run as the scenarios, so that figures are read
 * against what this machine can do at that moment:
 * - bare Deno.serve under the same load generator and concurrency;
 * - raw Deno KV commits (a small set + a counter sum per commit, 64 at once) on a
 *   KV file, like the service's own writes.
 */
import { printTable, type Result, summarize } from "./lib/stats.ts";
import { runLoad } from "./lib/run_load.ts";
import { spawnDeno } from "./lib/spawn.ts";
import { withGroupCommit } from "../domain/kernel/kv/group_commit.ts";

export async function httpCeiling(concurrency: number, seconds: number): Promise<Result> {
  const server = await spawnDeno(new URL("./lib/bare_server.ts", import.meta.url).pathname, {
    ready: /port (\d+)/,
  });
  try {
    return await runLoad({
      name: "ceiling: bare Deno.serve",
      baseUrl: `http://127.0.0.1:${server.match[1]}`,
      requests: [{ method: "GET", path: "/" }],
      concurrency,
      seconds,
    });
  } finally {
    await server.stop();
  }
}

export async function kvCeiling(
  concurrency: number,
  seconds: number,
  grouped = false,
): Promise<Result> {
  const dir = await Deno.makeTempDir();
  const raw = await Deno.openKv(`${dir}/ceiling.kv`);
  const kv = grouped ? withGroupCommit(raw) : raw;
  const latencies: number[] = [];
  let errors = 0;
  let stop = false;
  let n = 0;
  const value = {
    id: "x".repeat(36),
    fields: { name: "Jane", message: "Hello there ".repeat(20) },
  };
  const worker = async () => {
    while (!stop) {
      const i = n++;
      const t0 = performance.now();
      const r = await kv.atomic()
        .set(["ceiling", i], value)
        .sum(["ceiling_count", i % 64], 1n)
        .commit();
      if (r.ok) latencies.push(performance.now() - t0);
      else errors++;
    }
  };
  const t0 = performance.now();
  const workers = Array.from({ length: concurrency }, worker);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  stop = true;
  const elapsed = (performance.now() - t0) / 1000;
  await Promise.all(workers);
  kv.close();
  await Deno.remove(dir, { recursive: true });
  return summarize(
    grouped ? "KV commits via group commit" : "ceiling: raw KV commits",
    "commits/s",
    latencies,
    errors,
    elapsed,
    grouped ? "same ops, batched as the service does" : "set + sum per commit, KV file",
  );
}

if (import.meta.main) {
  const seconds = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
  const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 64);
  printTable(`Ceilings (${concurrency} concurrent, ${seconds} s each)`, [
    await httpCeiling(concurrency, seconds),
    await kvCeiling(concurrency, seconds),
    await kvCeiling(concurrency, seconds, true),
  ]);
}
