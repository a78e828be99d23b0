/**
 * What one forms/submit costs the SQLite thread, in one process without
 * sockets: the bench's stock-phrased submissions (bench/lib/messages.ts)
 * through `app.request` on a KV file (group commit), notifications to an
 * in-process SMTP server. A warm-up of as many submissions first (the forms'
 * learned-honeypot counts and the bands' sightings as a running service has
 * them), then the keys one submission reads and writes (a few in turn, counted
 * by capability), then the measured submissions at 64 concurrent with CPU µs
 * per submission by thread ("sw-0" is Deno KV's SQLite thread; "main" also
 * carries the load generator here, so compare it only between runs of this
 * script). Same requests in the same order every run, for A/B pairs.
 *
 *   deno run -A bench/submit_kv_cost.ts [submissions=4000] [sites=200]
 */
import { seedSite, startTestService, type TestService } from "../tests/helpers/service.ts";
import { startSmtp } from "../tests/helpers/smtp.ts";
import { commitsOf, readsOf } from "../tests/helpers/kv_reads.ts";
import { threadSeconds } from "./lib/threads.ts";
import { submissionBody } from "./lib/messages.ts";

const N = Number(Deno.args[0] ?? 4000);
const SITES = Number(Deno.args[1] ?? 200);
const CONCURRENCY = 64;

type Site = { key: string; domain: string };

async function drive(svc: TestService, sites: Site[], from: number, n: number): Promise<number> {
  let next = from, bad = 0;
  const end = from + n;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < end) {
      const i = next++;
      const s = sites[i % sites.length];
      const r = await svc.api("POST", "forms/submit", {
        key: s.key,
        body: submissionBody(i, s.domain),
      });
      if (r.body.email_sent !== true) bad++;
    }
  }));
  return bad;
}

const smtp = await startSmtp();
const dir = await Deno.makeTempDir();
const svc = await startTestService({
  kvPath: `${dir}/cost.kv`,
  runJobs: false,
  config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
});
try {
  const sites: Site[] = [];
  for (let i = 0; i < SITES; i++) sites.push(await seedSite(svc));
  const warmBad = await drive(svc, sites, 0, N);

  // Keys per submission, by the first part of the key, a few submissions in turn.
  const COUNTED = 20;
  const reads = new Map<string, number>();
  const writes: Map<string, number>[] = [];
  for (let j = 0; j < COUNTED; j++) {
    const i = N + j;
    const s = sites[i % sites.length];
    const commits = await commitsOf(
      svc.ctx,
      () =>
        readsOf(
          svc.ctx,
          () => svc.api("POST", "forms/submit", { key: s.key, body: submissionBody(i, s.domain) }),
        ).then(
          (rs) => {
            for (const r of rs) for (const k of r.keys) reads.set(k, (reads.get(k) ?? 0) + 1);
          },
        ),
    );
    commits.forEach((c, n) => {
      const m = writes[n] ??= new Map();
      for (const k of c.keys) m.set(k, (m.get(k) ?? 0) + 1);
    });
  }
  const per = (m: Map<string, number>) => {
    const total = [...m.values()].reduce((a, b) => a + b, 0) / COUNTED;
    const parts = [...m].sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${(v / COUNTED).toFixed(2).replace(/\.?0+$/, "")}`);
    return `${total.toFixed(1)} (${parts.join(", ")})`;
  };
  console.log(`keys read per submission: ${per(reads)}`);
  writes.forEach((m, n) => console.log(`keys in commit ${n + 1} per submission: ${per(m)}`));

  const from = N + COUNTED;
  const t0 = await threadSeconds(Deno.pid);
  const started = performance.now();
  const bad = await drive(svc, sites, from, N);
  const secs = (performance.now() - started) / 1000;
  const t1 = await threadSeconds(Deno.pid);
  const by = [...t1].map(([k, v]) => [k, (v - (t0.get(k) ?? 0)) * 1e6 / N] as const)
    .filter(([, us]) => us >= 1).sort((a, b) => b[1] - a[1]);
  const total = by.reduce((a, [, us]) => a + us, 0);
  console.log(
    `${N} submissions over ${SITES} sites: ${(N / secs).toFixed(0)}/s, CPU µs per submission ${
      total.toFixed(0)
    } = ${by.map(([k, us]) => `${k} ${us.toFixed(0)}`).join(", ")}; not sent ${warmBad + bad}; ` +
      `load average ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
  );
} finally {
  await svc.close();
  await smtp.close();
  await Deno.remove(dir, { recursive: true });
}
