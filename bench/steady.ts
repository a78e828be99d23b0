/**
 * `deno task bench:steady`: forms/submit spread over BENCH_SITES sites (default
 * 200) at BENCH_CONCURRENCY (64) for BENCH_STEADY_SECONDS (default 600, ten
 * minutes), printing the service's resident set every 30 s and at start and
 * end: memory must not grow under a steady load. Not part of `deno task bench`.
 */
import { printRows, writeResults } from "./lib/row.ts";
import { rssMb, seedSites, startService, startSmtpSink } from "./lib/service.ts";
import { formsSubmit } from "./scenarios.ts";

const seconds = Number(Deno.env.get("BENCH_STEADY_SECONDS") ?? 600);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 64);
const siteCount = Number(Deno.env.get("BENCH_SITES") ?? 200);

const sink = await startSmtpSink();
const svc = await startService({ smtpPort: sink.port, label: "steady" });
const samples: { s: number; rss_mb: number }[] = [];
try {
  const sites = await seedSites(svc, siteCount, { prefix: `s${Date.now()}` });
  const t0 = performance.now();
  const timer = setInterval(() => {
    const s = Math.round((performance.now() - t0) / 1000);
    const rss = rssMb(svc.pid);
    samples.push({ s, rss_mb: rss });
    console.log(`  ${s} s: RSS ${rss} MB`);
  }, 30_000);
  const row = await formsSubmit(
    svc,
    sites,
    { seconds, concurrency },
    `forms/submit steady ${seconds} s`,
  );
  clearInterval(timer);
  printRows(`steady run: ${concurrency} concurrent, ${seconds} s`, [row]);
  console.log(`  RSS samples (MB): ${samples.map((x) => x.rss_mb).join(" ")}`);
  await writeResults("steady", { at: new Date().toISOString(), row, samples });
} finally {
  await svc.stop();
  await sink.stop();
}
