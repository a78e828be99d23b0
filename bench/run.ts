/**
 * `deno task bench`: every scenario of issue 14 and the same run's ceilings in
 * ONE table (rate, p50, p99, errors, the service's CPU per operation summed over
 * its threads and by thread, RSS at start and end), written as JSON under
 * bench/results/ (not committed) for comparison between runs.
 *
 * The ceilings first (bare Deno.serve, bare Hono JSON, raw KV commits and the
 * same through the group committer, raw SMTP to smtp-sink), then one service
 * (main.ts, own process, KV file, relay = Postfix's smtp-sink) for: render,
 * mail/send over BENCH_SITES sites, forms/submit spread over them, forms/submit
 * all to one site, webhook fan-out, inbound SMTP. Last, with the service
 * stopped, the peer (bench/lib/peer.ts): the DIY Node endpoint a site owner
 * would write instead, on the same forms/submit requests and relay.
 *
 *   BENCH_SECONDS (default 5)   BENCH_CONCURRENCY (default 64)
 *   BENCH_SITES (default 800)   BENCH_ONLY=ceilings,render,blocks,mail,forms,hot,fanout,inbound,peer
 *   BENCH_KV=<file>             run on a KV file kept afterwards; one made by
 *                               `deno task bench:seed <file>` brings its sites (the
 *                               one-site rows use its first: 200,000 records)
 *   BENCH_PROF=1                V8 CPU profiles of the service in bench/results/prof/
 *   BENCH_SVC_ENV=K=V,K=V       extra service configuration, e.g. SVC_JOB_WORKERS=2
 *   BENCH_V8_FLAGS=--a,--b=1    the service's V8 flags instead of deno.json's start task's
 */
import { printRows, type Row, writeResults } from "./lib/row.ts";
import { type BenchSite, freePort, seedSites, startService, startSmtpSink } from "./lib/service.ts";
import { spawnDeno } from "./lib/spawn.ts";
import { peerRow } from "./lib/peer.ts";
import {
  blocksStatus,
  ceilings,
  fanOut,
  formsSubmit,
  inbound,
  type Load,
  mailSend,
  render,
} from "./scenarios.ts";

const load: Load = {
  seconds: Number(Deno.env.get("BENCH_SECONDS") ?? 5),
  concurrency: Number(Deno.env.get("BENCH_CONCURRENCY") ?? 64),
};
const siteCount = Number(Deno.env.get("BENCH_SITES") ?? 800);
const only = new Set((Deno.env.get("BENCH_ONLY") ?? "").split(",").filter(Boolean));
const want = (s: string) => only.size === 0 || only.has(s);
const HOOKS_PER_SITE = 10;

const loadBefore = Deno.loadavg();
const sink = await startSmtpSink();
const peers = await spawnDeno(new URL("./lib/forms_sinks.ts", import.meta.url).pathname, {
  ready: /smtp (\d+) http (\d+)/,
});
const hooks = `http://127.0.0.1:${peers.match[2]}`;
const rows: Row[] = [];
const inboundPort = freePort();
const extraEnv: Record<string, string> = { SVC_SMTP_INBOUND_PORT: String(inboundPort) };
for (const kv of (Deno.env.get("BENCH_SVC_ENV") ?? "").split(",").filter(Boolean)) {
  const at = kv.indexOf("=");
  extraEnv[kv.slice(0, at)] = kv.slice(at + 1);
}
let svc;
let sites: BenchSite[] = [];
/** The service's resident set at its highest over the run (VmHWM, the main process). */
let peakRssMb: number | undefined;
try {
  if (only.size === 0 || only.has("ceilings")) rows.push(...await ceilings(load, sink.port));
  const kvPath = Deno.env.get("BENCH_KV");
  svc = await startService({ smtpPort: sink.port, env: extraEnv, kvPath, label: "service" });
  const t0 = performance.now();
  const seeded = kvPath ? await Deno.readTextFile(`${kvPath}.sites.json`).catch(() => null) : null;
  sites = seeded
    ? (JSON.parse(seeded) as BenchSite[]).slice(0, siteCount)
    : await seedSites(svc, siteCount, { prefix: `b${Date.now()}` });
  // The one-site rows: a seeded file's first site (the one with 200,000 records).
  const one = seeded ? sites[0] : sites[1];
  const hookSites = want("fanout")
    ? await seedSites(svc, 20, {
      webhooks: HOOKS_PER_SITE,
      hookUrl: hooks,
      prefix: `h${Date.now()}`,
    })
    : [];
  console.error(
    `seeded ${siteCount + hookSites.length} sites in ${
      ((performance.now() - t0) / 1000).toFixed(1)
    } s`,
  );
  if (want("render")) rows.push(await render(svc, sites[0], load));
  if (want("blocks")) rows.push(await blocksStatus(svc, one, load));
  if (want("mail")) rows.push(await mailSend(svc, sites, load));
  if (want("forms")) {
    rows.push(await formsSubmit(svc, sites, load, `forms/submit (${sites.length} sites)`));
  }
  if (want("hot")) rows.push(await formsSubmit(svc, [one], load, "forms/submit (one site)"));
  if (want("fanout")) {
    rows.push(await fanOut(svc, hookSites, `${hooks}/stats`, load, HOOKS_PER_SITE));
  }
  if (want("inbound")) {
    const r = await inbound(svc, inboundPort, hooks, load);
    if (r) rows.push(r);
  }
  if (svc) peakRssMb = peakRss(svc.pid);
  await svc?.stop();
  svc = undefined;
  if (want("peer")) {
    const r = await peerRow(sink.port, sites, load);
    if (r) rows.push(r);
  }
} finally {
  if (svc) peakRssMb = peakRss(svc.pid);
  await svc?.stop();
  await peers.stop();
  await sink.stop();
}

const by = (s: string) => rows.find((r) => r.scenario.startsWith(s));
const ratios: Record<string, number> = {};
const hot = by("forms/submit (one site)");
const spread = by(`forms/submit (${siteCount} sites)`);
if (hot && spread) ratios.hot_over_spread = +(hot.rate / spread.rate).toFixed(2);
const rend = by("GET forms/render");
const hono = by("ceiling: bare Hono");
if (rend && hono) ratios.render_over_bare_hono = +(rend.rate / hono.rate).toFixed(2);
const peer = by("peer:");
if (peer && spread) {
  ratios.forms_over_peer = +(spread.rate / peer.rate).toFixed(2);
  peer.note =
    `the service's spread forms/submit: ${ratios.forms_over_peer} x this rate; ${peer.note}`;
}
const loadAfter = Deno.loadavg();
printRows(
  `deno task bench: ${load.concurrency} concurrent, ${load.seconds} s per scenario; ` +
    `${navigator.hardwareConcurrency} cores; load average before ${loadBefore.join(" ")}, ` +
    `after ${loadAfter.join(" ")}`,
  rows,
);
for (const r of rows) {
  if (r.sample?.length) {
    console.log(`  ${r.scenario}: ${JSON.stringify(r.statuses)} ${r.sample.join(" | ")}`);
  }
}
console.log(`  ratios: ${JSON.stringify(ratios)}`);
if (peakRssMb !== undefined) console.log(`  peak RSS of the service over the run: ${peakRssMb} MB`);
const file = await writeResults("bench", {
  at: new Date().toISOString(),
  cpus: navigator.hardwareConcurrency,
  loadavg_before: loadBefore,
  loadavg_after: loadAfter,
  seconds: load.seconds,
  concurrency: load.concurrency,
  sites: siteCount,
  kv: Deno.env.get("BENCH_KV") ?? "fresh file",
  ratios,
  peak_rss_mb: peakRssMb,
  rows,
});

/** VmHWM of a process in MB (Linux /proc; undefined elsewhere). */
function peakRss(pid: number): number | undefined {
  try {
    const m = Deno.readTextFileSync(`/proc/${pid}/status`).match(/VmHWM:\s+(\d+) kB/);
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}
console.log(`  written to ${file}`);
