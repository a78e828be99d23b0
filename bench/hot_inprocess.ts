/**
 * The hot site in one process, without sockets: 64 concurrent forms/submit
 * through `app.request` on a KV file (group commit), the notifications to an
 * in-process SMTP server, first spread over 200 sites, then all to one. Prints
 * per row the rate, the KV commits per submission (the group committer's
 * batches), the process's CPU per submission and the lock waits of the
 * send-window parts. The commits per submission show what serializes on a
 * site's keys; the rates are only comparable within one run.
 *
 *   deno run -A bench/hot_inprocess.ts [seconds=5]
 */
import { seedSite, startTestService, type TestService } from "../tests/helpers/service.ts";
import { startSmtp } from "../tests/helpers/smtp.ts";
import type { GroupCommitKv } from "../domain/kernel/kv/group_commit.ts";
import process from "node:process";
import { submissionBody } from "./lib/messages.ts";

const SECONDS = Number(Deno.args[0] ?? 5);
const CONCURRENCY = 64;

let counter = 0;
const body = (domain: string) => submissionBody(counter++, domain);

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function row(svc: TestService, sites: { key: string; domain: string }[], name: string) {
  const stats = (svc.ctx.kv as GroupCommitKv).stats;
  let ok = 0, bad = 0, n = 0;
  let stop = false;
  const loop = async () => {
    while (!stop) {
      const s = sites[n++ % sites.length];
      const r = await svc.api("POST", "forms/submit", { key: s.key, body: body(s.domain) });
      if (stop) break;
      if (r.body.email_sent === true) ok++;
      else bad++;
    }
  };
  // Warm-up.
  stop = false;
  const warm = Array.from({ length: CONCURRENCY }, loop);
  await new Promise((r) => setTimeout(r, 1000));
  stop = true;
  await Promise.all(warm);
  ok = bad = 0;
  stop = false;
  const c0 = stats.commits, d0 = stats.dependentsFailed, cpu0 = cpuMs(), t0 = performance.now();
  const runs = Array.from({ length: CONCURRENCY }, loop);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  stop = true;
  const dt = (performance.now() - t0) / 1000;
  const commits = stats.commits - c0, cpu = cpuMs() - cpu0;
  const failed = stats.dependentsFailed - d0;
  await Promise.all(runs);
  const rate = ok / dt;
  console.log(
    `${name.padEnd(22)} ${rate.toFixed(0).padStart(5)}/s  commits/submission ${
      (commits / ok).toFixed(3)
    }  CPU ms/submission ${(cpu / ok).toFixed(3)}  errors ${bad}  chained appends failed ${failed}`,
  );
  return rate;
}

const smtp = await startSmtp();
const dir = await Deno.makeTempDir();
const svc = await startTestService({
  kvPath: `${dir}/hot.kv`,
  runJobs: false,
  config: { SVC_SMTP_URL: smtp.url, SVC_RELAY_FROM: "relay@forms.test" },
});
try {
  const spread = [];
  for (let i = 0; i < 200; i++) spread.push(await seedSite(svc));
  const one = [await seedSite(svc)];
  const a = await row(svc, spread, "spread (200 sites)");
  const b = await row(svc, one, "one site");
  console.log(`one site / spread: ${Math.round((100 * b) / a)} %`);
} finally {
  await svc.close();
  await smtp.close();
  await Deno.remove(dir, { recursive: true });
}
