/**
 * `deno task bench:steady`: forms/submit spread over BENCH_SITES sites (default
 * 200) at BENCH_CONCURRENCY (64) for BENCH_STEADY_SECONDS (default 600, ten
 * minutes), printing the service's resident set every 30 s and at start and
 * end: memory must not grow under a steady load. Each 30 s line also has the
 * interval's submissions per second, CPU ms per submission of the HTTP and
 * SQLite threads, and the KV file's and its WAL's sizes: where a long run's
 * cost goes. Not part of `deno task bench`.
 */
import { printRows, writeResults } from "./lib/row.ts";
import { ADMIN_TOKEN, rssMb, seedSites, startService, startSmtpSink } from "./lib/service.ts";
import { threadSeconds } from "./lib/threads.ts";
import { formsSubmit } from "./scenarios.ts";

/** forms/submit answers so far, from the service's /metrics. */
async function submitted(base: string): Promise<number> {
  const r = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  let n = 0;
  for (const line of (await r.text()).split("\n")) {
    if (line.startsWith("svc_http_requests_total{") && line.includes("forms/submit")) {
      n += Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return n;
}

function mb(path: string): number {
  try {
    return Math.round(Deno.statSync(path).size / 1e5) / 10;
  } catch {
    return 0;
  }
}

const seconds = Number(Deno.env.get("BENCH_STEADY_SECONDS") ?? 600);
const concurrency = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 64);
const siteCount = Number(Deno.env.get("BENCH_SITES") ?? 200);

const sink = await startSmtpSink();
const svc = await startService({ smtpPort: sink.port, label: "steady" });
const samples: { s: number; rss_mb: number }[] = [];
try {
  const sites = await seedSites(svc, siteCount, { prefix: `s${Date.now()}` });
  const t0 = performance.now();
  let last = { n: await submitted(svc.base), threads: await threadSeconds(svc.pid), at: t0 };
  const timer = setInterval(async () => {
    const at = performance.now();
    const s = Math.round((at - t0) / 1000);
    const rss = rssMb(svc.pid);
    const n = await submitted(svc.base);
    const threads = await threadSeconds(svc.pid);
    const ops = Math.max(1, n - last.n);
    const per = (t: string) =>
      +((1000 * ((threads.get(t) ?? 0) - (last.threads.get(t) ?? 0))) / ops).toFixed(3);
    const sample = {
      s,
      rss_mb: rss,
      rate: Math.round(ops / ((at - last.at) / 1000)),
      main_ms: per("main"),
      sqlite_ms: per("sw-0"),
      kv_mb: mb(svc.kvPath),
      wal_mb: mb(`${svc.kvPath}-wal`),
    };
    last = { n, threads, at };
    samples.push(sample);
    console.log(
      `  ${s} s: RSS ${rss} MB, ${sample.rate}/s, CPU ms/op main ${sample.main_ms}, ` +
        `SQLite ${sample.sqlite_ms}, KV ${sample.kv_mb} MB, WAL ${sample.wal_mb} MB`,
    );
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
