/** Runs bench/lib/loadgen.ts in a subprocess against a URL and summarises it. */
import { type Result, summarize } from "./stats.ts";

export type LoadRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export async function runLoad(opts: {
  name: string;
  baseUrl: string;
  requests: LoadRequest[];
  concurrency: number;
  seconds: number;
  warmupSeconds?: number;
  note?: string;
  /** A JSON field of the answer that must be true for it to count (e.g. `email_sent`). */
  expect?: string;
}): Promise<Result & { statuses: Record<string, number>; sample: string[] }> {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(file, JSON.stringify(opts.requests));
  const loadgen = new URL("./loadgen.ts", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      loadgen,
      opts.baseUrl,
      file,
      String(opts.concurrency),
      String(opts.seconds),
      String(opts.warmupSeconds ?? 1),
      ...(opts.expect ? [opts.expect] : []),
    ],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  await Deno.remove(file);
  const j = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").pop()!);
  return {
    ...summarize(opts.name, "req/s", j.latencies_ms, j.errors, j.seconds, opts.note),
    statuses: j.statuses,
    sample: j.sample,
  };
}
